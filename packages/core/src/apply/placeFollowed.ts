/**
 * Part of step 3 of planApply, when the caller has the text the suggestions
 * were made on (their revision's; the CLI finds it in the recorded rounds):
 * each suggestion's lines are followed through a line diff from that text to
 * the file now (followRange), however far they moved. The suggested code
 * there is "already applied" by the one rule (appliedWhereLinesWent, the
 * rule the threads of earlier rounds are read by); the original code there,
 * unchanged, is replaced there. What neither settles (lines changed, or
 * moved where the diff cannot follow) is left to the line by line rules, and
 * so is everything when the diff gave up (over its edit budget: its one
 * coarse region would let the code stand anywhere in it). Timeout-free, so
 * the plan is deterministic.
 */
import { splitText, type TextLayout } from '../diff/lines.js';
import { diffLineRegions } from '../suggestions/diffLineRegions.js';
import { followRange } from '../suggestions/followRange.js';
import { appliedWhereLinesWent } from './appliedWhereLinesWent.js';
import { linesAt } from './linesAt.js';
import type { Candidate, Placement } from './toCandidate.js';

/** Places what the diff settles; returns the candidates left for the line by line rules. */
export function placeFollowed(sorted: readonly Candidate[], layout: TextLayout, reviewed: string, placements: Placement[]): Candidate[] {
  const before = splitText(reviewed).lines;
  const { regions, fallback } = diffLineRegions(before, layout.lines, { timeoutMs: Infinity });
  if (fallback) return [...sorted];
  const rest: Candidate[] = [];
  for (const c of sorted) {
    if (c.emptyInsert || c.endLine > before.length) {
      rest.push(c);
      continue;
    }
    const followed = followRange(regions, c.startLine - 1, c.endLine);
    const applied = appliedWhereLinesWent(layout, followed, c.suggested);
    if (applied) {
      const pos = applied.at === null ? followed.start : applied.at.startLine - 1;
      placements.push({ kind: 'already', candidate: c, pos, length: applied.at === null ? 0 : applied.at.endLine - applied.at.startLine + 1 });
    } else if (followed.end - followed.start === c.original.length && linesAt(layout.lines, followed.start, c.original)) {
      const from = c.startLine - 1;
      placements.push({ kind: 'apply', candidate: c, pos: followed.start, shift: 0, relocated: followed.start === from ? null : { from, how: 'followed' } });
    } else {
      rest.push(c);
    }
  }
  return rest;
}
