/**
 * Planning `redline apply` for one file: which of its suggestions hold, where
 * they are now, and the file's new text. Pure: the edge reads the file, calls
 * this, and writes `newText` only if it likes the outcomes.
 *
 * A suggestion is a fact, "lines A-B read X when the review was made (file
 * revision R); make them read Y", never a diff to force through:
 *
 * 0. The suggestions' shape was settled by the validator (the `Suggestion`
 *    type: new side, a range whose line count is the original code's; an
 *    old-side anchor or a range that would silently delete or duplicate
 *    lines nobody saw never gets here).
 * 1. A suggestion whose revision is unknown is refused; one the review had
 *    marked outdated is outdated (toCandidate.ts).
 * 2. Overlapping suggestions of the same revision conflict (suggestionsOverlap,
 *    the rule the page flags by): the first in export order is kept, the
 *    others are refused naming it (dropReviewOverlaps.ts).
 * 3. Each remaining suggestion is located in the current file
 *    (placeSuggestions.ts, findReviewedState.ts):
 *    - file unchanged (its sha256 is the suggestion's revision): X must be at
 *      A-B, else the export contradicts its own revision and is refused;
 *    - file changed, and the caller has the reviewed text (`reviewed`): each
 *      suggestion's lines are followed through a line diff from it to the
 *      file now (placeFollowed.ts); its suggested code where they went is
 *      already applied (appliedWhereLinesWent.ts, the one rule the threads of
 *      earlier rounds are read by too), its original there is replaced there;
 *      the rest go on to:
 *    - file changed: first, could the file be exactly "the reviewed file with
 *      some of these suggestions already applied"? Each combination that fits
 *      the lines is reverted and hashed against the revision; a match proves
 *      which suggestions are already applied and where the rest are. This is
 *      what makes a second `redline apply` a safe no-op.
 *    - otherwise, line by line: Y where X was means already applied; X at its
 *      place (shifted by the already-applied suggestions above) is applied;
 *      else X is relocated only to its one exact match in the file (and only
 *      when Y is nowhere in the file, which would hint that it was applied
 *      before the lines moved); no match or several: outdated.
 * 4. What is accepted must not overlap in the current file either
 *    (claimCurrentRanges.ts).
 * 5. Splice, then verify independently (spliceBlocks.ts, verifySplice.ts): outside the accepted ranges every
 *    line is byte-identical, inside them the lines are exactly the suggested
 *    code; a failed check refuses the whole file.
 *
 * Line endings (the reviewer never sees them, so the applier keeps them).
 * Inside each suggestion, a line diff of the original against the suggested
 * code (diffLineRegions, the derivation's own: common prefix and suffix, then
 * jsdiff's Myers) splits it into kept lines and changed runs; then:
 * - a kept line (such as the anchor line of an insertion) keeps its own
 *   terminator, and so does every line outside the suggestions: CRLF stays
 *   CRLF, mixed files stay mixed line by line, a lone CR stays;
 * - in a changed run, the k-th new line takes the terminator of the k-th line
 *   it replaces, and lines beyond their number that of the run's last one;
 * - a purely inserted line takes the terminator of the line before it (the
 *   file's dominant one, CRLF when CRLF lines outnumber LF lines, else LF, at
 *   the top of the file);
 * - the BOM is kept, and so is the final-newline state: the last line ends
 *   without a terminator exactly when the file's last line did; the old last
 *   line gets the dominant terminator when lines now follow it; lines
 *   inserted into an empty file end with a newline.
 */
import { joinText, splitText, type TextLayout } from '../diff/lines.js';
import { sha256Hex } from '../safety/sha256.js';
import type { Suggestion } from '../model/types.js';
import { claimCurrentRanges } from './claimCurrentRanges.js';
import { dropReviewOverlaps, groupByRevision } from './dropReviewOverlaps.js';
import { placeInChangedFile, placeInReviewedFile } from './placeSuggestions.js';
import { spliceBlocks, type SpliceBlock } from './spliceBlocks.js';
import { acceptedOutcome, alreadyOutcome, internalGap, refusal, type SuggestionOutcome } from './suggestionOutcome.js';
import { toCandidate, type ApplyPlacement, type Candidate, type Placement } from './toCandidate.js';
import { verifySplice } from './verifySplice.js';

export interface PlanApplyInput {
  /** The file's current text, decoded from UTF-8 with a BOM kept as U+FEFF. */
  text: string;
  /** sha256 hex of the file's bytes as read. */
  sha256: string;
  /** The file's suggestions in export order: the order that decides conflicts. */
  suggestions: readonly Suggestion[];
  /**
   * The texts the suggestions were made on, by their sha256 (a suggestion's
   * revision), when the caller has them (the CLI reads them from the recorded
   * rounds). With its revision's text, a suggestion's lines are followed
   * through a line diff to the file now, however far they moved
   * (placeFollowed.ts); a text whose sha256 is not its key is not used.
   */
  reviewed?: ReadonlyMap<string, string>;
}

export interface ApplyPlan {
  /** One per input suggestion, in input order. */
  outcomes: SuggestionOutcome[];
  /** The text to write; equal to the input text when nothing is applied. */
  newText: string;
  changed: boolean;
}

export function planApply(input: PlanApplyInput): ApplyPlan {
  const layout = splitText(input.text);
  const sha = input.sha256.toLowerCase();
  const outcomes: Outcomes = input.suggestions.map(() => undefined);

  const live: Candidate[] = [];
  input.suggestions.forEach((suggestion, index) => {
    const checked = toCandidate(suggestion, index);
    if ('refusal' in checked) outcomes[index] = checked.refusal;
    else live.push(checked.candidate);
  });

  const placements: Placement[] = [];
  for (const group of groupByRevision(dropReviewOverlaps(live, outcomes))) {
    const sorted = [...group].sort((a, b) => a.startLine - b.startLine || a.index - b.index);
    const revision = group[0]!.revision;
    if (revision === sha) placeInReviewedFile(sorted, layout, placements, outcomes);
    else placeInChangedFile(sorted, layout, placements, outcomes, reviewedText(input.reviewed, revision));
  }

  const newText = spliceAccepted(input.text, layout, claimCurrentRanges(placements, outcomes), outcomes);
  for (const p of placements) {
    if (p.kind === 'already' && outcomes[p.candidate.index] === undefined) outcomes[p.candidate.index] = alreadyOutcome(p);
  }
  return {
    outcomes: outcomes.map((o, i) => o ?? internalGap(input.suggestions[i]!)),
    newText,
    changed: newText !== input.text,
  };
}

type Outcomes = (SuggestionOutcome | undefined)[];

/** The revision's text, only when it is that revision. */
function reviewedText(reviewed: ReadonlyMap<string, string> | undefined, revision: string): string | null {
  const text = reviewed?.get(revision);
  return text !== undefined && sha256Hex(text) === revision ? text : null;
}

/** Splices the accepted suggestions and verifies the result: all of them are applied, or (verification failed) none. */
function spliceAccepted(text: string, layout: TextLayout, accepted: readonly ApplyPlacement[], outcomes: Outcomes): string {
  if (accepted.length === 0) return text;
  const blocks = accepted
    .map((p): SpliceBlock => ({ pos: p.pos, removed: p.candidate.original, inserted: p.candidate.suggested }))
    .sort((a, b) => a.pos - b.pos);
  const spliced = spliceBlocks(layout, blocks);
  const problem = verifySplice(layout, spliced, blocks);
  for (const p of accepted) {
    outcomes[p.candidate.index] =
      problem === null
        ? acceptedOutcome(p)
        : refusal(p.candidate.id, 'refused', 'verify-failed', `the spliced file failed verification (${problem}); nothing in this file is applied`);
  }
  return problem === null ? joinText(spliced) : text;
}
