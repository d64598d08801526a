/** Step 4 of planApply: what is accepted must not overlap in the current file either. */
import { conflictOutcome, type SuggestionOutcome } from './suggestionOutcome.js';
import type { Candidate, Placement } from './toCandidate.js';

/**
 * Already-applied suggestions claim the lines of their suggested code, then
 * accepted ones claim their original's lines in export order; an accepted
 * suggestion whose lines are claimed already is a conflict.
 */
export function claimCurrentRanges(
  placements: readonly Placement[],
  outcomes: (SuggestionOutcome | undefined)[],
): Extract<Placement, { kind: 'apply' }>[] {
  const claims: { start: number; end: number; empty: boolean; candidate: Candidate }[] = [];
  for (const p of placements) {
    if (p.kind === 'already' && p.length > 0) {
      claims.push({ start: p.pos, end: p.pos + p.length, empty: false, candidate: p.candidate });
    }
  }
  const accepted: Extract<Placement, { kind: 'apply' }>[] = [];
  const applying = placements
    .filter((p): p is Extract<Placement, { kind: 'apply' }> => p.kind === 'apply')
    .sort((a, b) => a.candidate.index - b.candidate.index);
  for (const p of applying) {
    const start = p.pos;
    const end = p.pos + p.candidate.original.length;
    const empty = start === end;
    const other = claims.find((k) =>
      empty || k.empty ? k.empty && empty && k.start === start : start < k.end && k.start < end,
    );
    if (other) {
      outcomes[p.candidate.index] = conflictOutcome(p.candidate, other.candidate, 'in the current file');
      continue;
    }
    claims.push({ start, end, empty, candidate: p.candidate });
    accepted.push(p);
  }
  return accepted;
}
