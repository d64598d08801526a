/**
 * Step 2 of planApply: conflicts in the reviewed file's coordinates, by the
 * core's one overlap rule (suggestionsOverlap, which the page flags by too).
 */
import { suggestionsOverlap } from '../suggestions/suggestionsOverlap.js';
import { conflictOutcome, type SuggestionOutcome } from './suggestionOutcome.js';
import type { Candidate } from './toCandidate.js';

/** Ranges of the same revision that share a line: the first (export order) is kept. */
export function dropReviewOverlaps(live: readonly Candidate[], outcomes: (SuggestionOutcome | undefined)[]): Candidate[] {
  const kept: Candidate[] = [];
  for (const c of live) {
    const other = kept.find((k) => k.revision === c.revision && suggestionsOverlap(k, c));
    if (other) outcomes[c.index] = conflictOutcome(c, other);
    else kept.push(c);
  }
  return kept;
}

export function groupByRevision(candidates: readonly Candidate[]): Candidate[][] {
  const groups = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const group = groups.get(c.revision);
    if (group) group.push(c);
    else groups.set(c.revision, [c]);
  }
  return [...groups.values()];
}
