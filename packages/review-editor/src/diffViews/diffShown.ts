/**
 * The diff shown, as one value: the rule that picks it from the two
 * choices (diffViewsSlice.ts) lives here and nowhere else. A span whose
 * diff is in wins over the round view; then an earlier pair whose diff is
 * in; then "since round N" (once the review's `sinceRound` is readable);
 * else the whole change ("All changes", or a view whose diff is not in).
 * Everything that draws the diff or walks it (filesInView.ts) asks here.
 */
import type { ReviewStoreState } from '../app/reviewStore.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import { isRoundPair, requestKey, type CommitSpan, type RoundPairKey } from './diffViewsSlice.js';
import { fileShowing, parseViewDiffs, unchangedDiff, type FileView, type ViewDiffs } from './viewDiffs.js';

export type DiffShown =
  | { kind: 'whole' }
  | { kind: 'since-round'; round: number; diffs: ViewDiffs }
  | { kind: 'pair'; pair: RoundPairKey; diffs: ViewDiffs }
  | { kind: 'span'; span: CommitSpan; diffs: ViewDiffs };

type ShownInputs = Pick<ReviewStoreState, 'commitSpan' | 'roundView' | 'fetchedDiffs' | 'roundChanges' | 'review'>;

const WHOLE: DiffShown = { kind: 'whole' };
let memo: { inputs: ShownInputs; shown: DiffShown } | null = null;

/**
 * The diff shown; the same object while its inputs are the same (a component selects it, and
 * each tree row's counts ask for it on every change of the store).
 */
export function diffShown(s: ShownInputs): DiffShown {
  const m = memo;
  if (m && m.inputs.commitSpan === s.commitSpan && m.inputs.roundView === s.roundView && m.inputs.fetchedDiffs === s.fetchedDiffs && m.inputs.roundChanges === s.roundChanges && m.inputs.review === s.review) return m.shown;
  const inputs = { commitSpan: s.commitSpan, roundView: s.roundView, fetchedDiffs: s.fetchedDiffs, roundChanges: s.roundChanges, review: s.review };
  memo = { inputs, shown: pickShown(inputs) };
  return memo.shown;
}

function pickShown(s: ShownInputs): DiffShown {
  const span = s.commitSpan && s.fetchedDiffs.get(requestKey({ kind: 'span', span: s.commitSpan }));
  if (s.commitSpan && span) return { kind: 'span', span: s.commitSpan, diffs: span };
  if (s.roundView === 'all') return WHOLE;
  if (isRoundPair(s.roundView)) {
    const pair = s.fetchedDiffs.get(requestKey({ kind: 'pair', pair: s.roundView }));
    return pair ? { kind: 'pair', pair: s.roundView, diffs: pair } : WHOLE;
  }
  const since = sinceRoundDiffs(s);
  return since && s.roundChanges.kind === 'ready' ? { kind: 'since-round', round: s.roundChanges.round, diffs: since } : WHOLE;
}

/** The since-round diffs, while the view can use them (not when the last state is missing). */
export function sinceRoundDiffs(s: Pick<ReviewStoreState, 'roundChanges' | 'review'>): ViewDiffs | null {
  const since = s.review?.sinceRound;
  if (!since || s.roundChanges.kind !== 'ready') return null;
  return parseViewDiffs(`${since.from}-${since.to}-${s.review!.ignoreWhitespace ? 'w' : ''}`, since.patch);
}

/** How the diff shown shows a file; null: as the whole change. */
export function fileView(s: ShownInputs, file: ReviewFile): FileView | null {
  return fileViewIn(diffShown(s), file);
}

export function fileViewIn(shown: DiffShown, file: ReviewFile): FileView | null {
  switch (shown.kind) {
    case 'whole':
      return null;
    case 'since-round': {
      const fileDiff = shown.diffs.get(file.path);
      return fileDiff ? { file: fileShowing(file, fileDiff), readOnly: false } : null;
    }
    case 'pair':
      return { file: fileShowing(file, shown.diffs.get(file.path) ?? unchangedDiff(file, shown.pair)), readOnly: true };
    case 'span':
      return { file: fileShowing(file, shown.diffs.get(file.path) ?? unchangedDiff(file, spanKey(shown.span))), readOnly: false };
  }
}

/** What a span's patch is parsed and cached under (viewDiffs.ts). */
export const spanKey = (span: CommitSpan) => `commits-${span.from}..${span.to}`;
