/**
 * Findings into proposals, as the server takes them (its agent route, and
 * the findings kept for the next session): every path must be a file of the
 * diff (refused by name, nothing taken), and every finding's lines must exist
 * on its side; the text they read as becomes what the proposal saw (a
 * suggestion saw its `original`, which it was made against).
 */
import { proposalId, type Finding, type Proposal } from '@redline/core';
import { RedlineError } from '../errors.js';
import type { ReviewSession } from '../review/reviewSession.js';
import { readFindingLines } from './proposalLines.js';

export async function takeFindings(session: ReviewSession, findings: readonly Finding[], postedAt = new Date().toISOString()): Promise<Proposal[]> {
  const data = await session.loadReview();
  const paths = new Set(data.files.map((file) => file.path));
  const outside = [...new Set(findings.map((finding) => finding.path).filter((path) => !paths.has(path)))];
  if (outside.length > 0) {
    throw new RedlineError('not-in-diff', `not files of this review's diff: ${outside.map((path) => JSON.stringify(path)).join(', ')}; nothing was posted`);
  }
  const seen = await Promise.all(findings.map((finding) => readFindingLines(session, finding)));
  return findings.map((finding, index) => {
    const now = seen[index] ?? null;
    if (now === null && finding.suggestion === null) {
      throw new RedlineError('bad-request', `findings[${index}].lines: ${finding.path} has no lines ${finding.lines.start}-${finding.lines.end} on the ${finding.side} side; nothing was posted`);
    }
    const text = finding.suggestion === null ? (now ?? '') : finding.suggestion.original;
    return { id: proposalId(finding, text), finding, seen: text, postedAt };
  });
}
