/**
 * Reading the lines a finding is on, from the review the server serves:
 * what a proposal "saw" when it was posted, and what its lines read as now
 * (for outdated). git's lines (only LF ends one), as everywhere lines come
 * from the diff.
 *
 * A file's lines are read once per diff fingerprint and kept: a snapshot's
 * contents never change (the server refuses a working-tree file that is no
 * longer what the diff was read from), so every proposal on the file and
 * every poll after reuse them. 1,000 proposals read 1,000 files on each
 * poll before (3.7 s a poll, bench/proposalsBench.mjs).
 */
import { gitLines, linesText, type Finding, type Proposal, type ReviewData } from '@redline/core';
import type { ReviewSession } from '../review/reviewSession.js';

/** How old a reading of the diff may be for an outdated check (the page asks every few seconds). */
const RECENT_MS = 2_000;

interface FileLines {
  old: readonly string[] | null;
  new: readonly string[] | null;
}

/** Per review session: the fingerprint the lines were read for, and each file's lines (a failed read is not kept). */
const linesBySession = new WeakMap<ReviewSession, { fingerprint: string; files: Map<string, Promise<FileLines>> }>();
/** The paths of a reading of the diff, as a set. */
const pathsByReview = new WeakMap<ReviewData, ReadonlySet<string>>();

/** The text of the finding's (or a tour step's) lines now; null when its file left the diff or no longer reaches them. */
export async function readFindingLines(session: ReviewSession, finding: Pick<Finding, 'path' | 'side' | 'lines'>): Promise<string | null> {
  const data = await session.loadRecentReview(false, RECENT_MS);
  if (!pathsOf(data).has(finding.path)) return null;
  const lines = await fileLines(session, finding.path, data.fingerprint);
  const side = finding.side === 'old' ? lines.old : lines.new;
  if (!side) return null;
  return linesText(side, finding.lines.start, finding.lines.end);
}

/** The fingerprint of the diff as the review reads it now (a reading at most RECENT_MS old): what its kept board is keyed by. */
export async function reviewedFingerprint(session: ReviewSession): Promise<string> {
  return (await session.loadRecentReview(false, RECENT_MS)).fingerprint;
}

export function readNowFor(session: ReviewSession): (proposal: Proposal) => Promise<string | null> {
  return (proposal) => readFindingLines(session, proposal.finding);
}

function pathsOf(data: ReviewData): ReadonlySet<string> {
  let paths = pathsByReview.get(data);
  if (!paths) {
    paths = new Set(data.files.map((file) => file.path));
    pathsByReview.set(data, paths);
  }
  return paths;
}

function fileLines(session: ReviewSession, path: string, fingerprint: string): Promise<FileLines> {
  let cache = linesBySession.get(session);
  if (cache?.fingerprint !== fingerprint) {
    cache = { fingerprint, files: new Map() };
    linesBySession.set(session, cache);
  }
  const { files } = cache;
  let lines = files.get(path);
  if (!lines) {
    const reading = session.readFile(path, fingerprint).then((contents) => ({
      old: contents.old ? gitLines(contents.old.contents) : null,
      new: contents.new ? gitLines(contents.new.contents) : null,
    }));
    reading.catch(() => {
      if (files.get(path) === reading) files.delete(path);
    });
    files.set(path, reading);
    lines = reading;
  }
  return lines;
}
