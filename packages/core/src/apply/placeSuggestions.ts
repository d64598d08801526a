/**
 * Step 3 of planApply: locating each suggestion in the current file, the
 * reviewed revision itself (placeInReviewedFile) or a changed file
 * (placeInChangedFile: a proof first, then line by line).
 */
import type { TextLayout } from '../diff/lines.js';
import { findReviewedState } from './findReviewedState.js';
import { placeFollowed } from './placeFollowed.js';
import { findAll, linesAt, sameLines, suggestedSpan } from './linesAt.js';
import { outdatedOutcome, rangeLabel, refusal, type SuggestionOutcome } from './suggestionOutcome.js';
import type { Candidate, Placement } from './toCandidate.js';

export function placeInReviewedFile(
  sorted: readonly Candidate[],
  layout: TextLayout,
  placements: Placement[],
  outcomes: (SuggestionOutcome | undefined)[],
): void {
  const lines = layout.lines;
  for (const c of sorted) {
    const pos = c.startLine - 1;
    if (c.emptyInsert ? lines.length === 0 : linesAt(lines, pos, c.original)) {
      if (!c.emptyInsert && !c.deletion && sameLines(c.original, c.suggested)) {
        placements.push({ kind: 'already', candidate: c, pos, length: c.suggested.length });
      } else {
        placements.push({ kind: 'apply', candidate: c, pos, shift: 0, relocated: null });
      }
      continue;
    }
    const where =
      c.endLine > lines.length
        ? `${rangeLabel(c)} are past the end of the ${lines.length}-line file`
        : c.emptyInsert
          ? 'the file is not empty'
          : `${rangeLabel(c)} do not hold the original code`;
    outcomes[c.index] = refusal(
      c.id,
      'refused',
      'original-mismatch',
      `the file is the reviewed revision, yet ${where}: the export contradicts its own revision`,
    );
  }
}

export function placeInChangedFile(
  all: readonly Candidate[],
  layout: TextLayout,
  placements: Placement[],
  outcomes: (SuggestionOutcome | undefined)[],
  reviewed: string | null,
): void {
  const sorted = reviewed === null ? all : placeFollowed(all, layout, reviewed, placements);
  if (sorted.length === 0) return;
  const proven = findReviewedState(sorted, layout);
  if (proven) {
    for (const step of proven) {
      placements.push(
        step.applied
          ? { kind: 'already', candidate: step.candidate, pos: step.pos, length: step.length }
          : { kind: 'apply', candidate: step.candidate, pos: step.pos, shift: step.shift, relocated: null },
      );
    }
    return;
  }

  const lines = layout.lines;
  let shift = 0;
  for (const c of sorted) {
    const pos = c.startLine - 1 + shift;
    if (c.emptyInsert) {
      if (lines.length === 0) placements.push({ kind: 'apply', candidate: c, pos: 0, shift: 0, relocated: null });
      else if (sameLines(lines, c.suggested)) placements.push({ kind: 'already', candidate: c, pos: 0, length: lines.length });
      else outcomes[c.index] = outdatedOutcome(c, 'original-changed', 'the file was empty when reviewed and no longer is');
      continue;
    }
    const originalHere = linesAt(lines, pos, c.original);
    const suggestedLength = c.deletion ? -1 : suggestedSpan(layout, pos, c.suggested);
    if (suggestedLength >= 0) {
      // When both read true (the suggestion extends its original), "already
      // applied" is the likelier story, and the safe one: it writes nothing.
      placements.push({ kind: 'already', candidate: c, pos, length: suggestedLength });
      shift += suggestedLength - c.original.length;
      continue;
    }
    if (originalHere) {
      placements.push({ kind: 'apply', candidate: c, pos, shift, relocated: null });
      continue;
    }
    const matches = findAll(lines, c.original);
    if (matches.length === 0) {
      outcomes[c.index] = outdatedOutcome(
        c,
        'original-changed',
        `the file changed since the review and the original code of ${rangeLabel(c)} is no longer in it`,
      );
    } else if (matches.length > 1) {
      const places = matches
        .slice(0, 5)
        .map((m) => m + 1)
        .join(', ');
      outcomes[c.index] = outdatedOutcome(
        c,
        'ambiguous-relocation',
        `the file changed since the review and the original code of ${rangeLabel(c)} now occurs ${matches.length} times (at line ${places}${matches.length > 5 ? ', …' : ''}): not guessing which`,
      );
    } else if (c.suggested.length > 0 && findAll(lines, c.suggested).length > 0) {
      const at = findAll(lines, c.suggested)[0]! + 1;
      outcomes[c.index] = outdatedOutcome(
        c,
        'suggested-code-elsewhere',
        `the original code moved to line ${matches[0]! + 1}, but the suggested code already occurs at line ${at}: it may have been applied before the lines moved, so not relocating`,
      );
    } else {
      placements.push({ kind: 'apply', candidate: c, pos: matches[0]!, shift: 0, relocated: { from: c.startLine - 1, how: 'only-match' } });
    }
  }
}
