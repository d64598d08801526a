/**
 * Step 1 of planApply: each suggestion on its own, in the form the later
 * steps work on. The validator has already guaranteed the suggestion's shape
 * (new side, a 1-based range whose line count is the original code's, a
 * deletion without suggested code, a revision that is a sha256 when known);
 * what is left to decide here is only what a valid export may still carry:
 * an unknown revision, or a suggestion the review already marked outdated.
 */
import { codeToLines } from '../diff/lines.js';
import { isEmptyFileInsertion } from '../suggestions/suggestionsOverlap.js';
import type { LineSpan } from '../model/lineSpan.js';
import type { Suggestion } from '../model/types.js';
import { refusal, type SuggestionOutcome } from './suggestionOutcome.js';

export interface Candidate extends LineSpan {
  index: number;
  id: string;
  original: string[];
  suggested: string[];
  deletion: boolean;
  /** Lines inserted into a file that was empty (startLine 1, endLine 0). */
  emptyInsert: boolean;
  revision: string;
}

export type Placement =
  | {
      kind: 'apply';
      candidate: Candidate;
      pos: number;
      shift: number;
      /** Moved since the review: from where (0-based), found as the original's only exact match or followed through the reviewed text. */
      relocated: { from: number; how: 'only-match' | 'followed' } | null;
    }
  | { kind: 'already'; candidate: Candidate; pos: number; /** File lines the suggested code covers. */ length: number };

export type ApplyPlacement = Extract<Placement, { kind: 'apply' }>;

export function toCandidate(s: Suggestion, index: number): { candidate: Candidate } | { refusal: SuggestionOutcome } {
  if (s.revision === null) {
    return { refusal: refusal(s.id, 'refused', 'invalid-suggestion', "the suggestion's revision is unknown: nothing proves where its lines are") };
  }
  if (s.outdated === true) {
    return { refusal: refusal(s.id, 'outdated', 'outdated-in-review', 'the review already marked this suggestion outdated') };
  }
  const emptyInsert = isEmptyFileInsertion(s);
  return {
    candidate: {
      index,
      id: s.id,
      startLine: s.startLine,
      endLine: s.endLine,
      original: emptyInsert ? [] : codeToLines(s.originalCode, true),
      suggested: s.deletion ? [] : codeToLines(s.suggestedCode, true),
      deletion: s.deletion,
      emptyInsert,
      revision: s.revision.toLowerCase(),
    },
  };
}
