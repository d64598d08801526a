/**
 * Reading the lines a finding is on, from the review the server serves:
 * what a proposal "saw" when it was posted, and what its lines read as now
 * (for outdated). git's lines (only LF ends one), as everywhere lines come
 * from the diff.
 */
import { gitLines, linesText, type Finding, type Proposal } from '@redline/core';
import type { ReviewSession } from '../review/reviewSession.js';

/** How old a reading of the diff may be for an outdated check (the page asks every few seconds). */
const RECENT_MS = 2_000;

/** The text of the finding's lines now; null when its file left the diff or no longer reaches them. */
export async function readFindingLines(session: ReviewSession, finding: Finding): Promise<string | null> {
  const data = await session.loadRecentReview(false, RECENT_MS);
  if (!data.files.some((file) => file.path === finding.path)) return null;
  const contents = await session.readFile(finding.path, data.fingerprint);
  const side = finding.side === 'old' ? contents.old : contents.new;
  if (!side) return null;
  return linesText(gitLines(side.contents), finding.lines.start, finding.lines.end);
}

export function readNowFor(session: ReviewSession): (proposal: Proposal) => Promise<string | null> {
  return (proposal) => readFindingLines(session, proposal.finding);
}
