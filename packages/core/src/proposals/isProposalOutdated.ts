/**
 * "Outdated", as the proposals seed (003) has it: the lines no longer hold
 * the text the proposal was made on. `now` is those lines' text today (LF-
 * joined), or null when they are gone (the file left the diff, or is shorter).
 */
import type { Proposal } from './proposalTypes.js';

export function isProposalOutdated(proposal: Proposal, now: string | null): boolean {
  return now === null || now !== proposal.seen;
}

/** The text of lines [start, end] of a file's lines, or null when the file does not reach `end`. */
export function linesText(fileLines: readonly string[], start: number, end: number): string | null {
  if (end > fileLines.length) return null;
  return fileLines.slice(start - 1, end).join('\n');
}
