/**
 * The files as the chosen round view shows them, for everything
 * that walks "the diff" rather than draws it: the line cursor (↑/↓, `n`/`p`,
 * `]`/`[`), `j`/`k` over files, the search, the overview's totals and each
 * file's counts in its header and tree row. In
 * "Since round N" (once its diff is in) that is the files changed since
 * round N, each with its diff from round N's text; the files unchanged since
 * (folded, reviewed then) are outside it. An earlier pair: the files the pair
 * changed, with its diff. "All changes", or a view whose diff is not in (the
 * server could not read it, a pair still being read), is the whole change.
 * Always within shownFiles (the filter, "hide viewed").
 */
import { countChangedLines } from '@redline/core';
import type { ReviewStoreState } from '../app/reviewStore.js';
import { shownFiles } from '../navigation/shownFiles.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import { isRoundFileDiff, type RoundDiffs } from './roundDiffs.js';
import { roundFileView, roundViewShown, sinceRoundDiffs } from './roundView.js';

interface Memo {
  shown: readonly ReviewFile[];
  view: ReviewStoreState['roundView'];
  diffs: unknown;
  files: readonly ReviewFile[];
}

let memo: Memo | null = null;

/** The files in view; the same array while nothing it depends on changed (a cursor step on a large diff maps nothing). */
export function filesInView(s: ReviewStoreState): readonly ReviewFile[] {
  const shown = shownFiles(s);
  const diffs = roundViewShown(s);
  if (memo && memo.shown === shown && memo.view === s.roundView && memo.diffs === diffs) return memo.files;
  memo = { shown, view: s.roundView, diffs, files: pickInView(s, shown, roundViewDiffs(s)) };
  return memo.files;
}

function pickInView(s: ReviewStoreState, files: readonly ReviewFile[], changed: RoundDiffs | null): readonly ReviewFile[] {
  if (!changed) return files;
  return files.filter((file) => changed.has(file.path)).map((file) => roundFileView(s, file)?.file ?? file);
}

/** The chosen round view's diffs by path; null for the whole change ("All changes", or a round view whose diff is not in). */
export function roundViewDiffs(s: ReviewStoreState): RoundDiffs | null {
  if (s.roundView === 'all') return null;
  if (s.roundView === 'since-last') return sinceRoundDiffs(s);
  return s.roundPairDiff.kind === 'ready' && s.roundPairDiff.pair === s.roundView ? s.roundPairDiff.diffs : null;
}

/**
 * The overview's totals of the view, over every file (the filter does not
 * change them, as in the whole change): in a round view its files, each
 * counting its round diff's lines, not the whole change's.
 */
export function totalsInView(s: ReviewStoreState): Totals {
  const diffs = roundViewDiffs(s);
  // The overview selects this on every change of the store (a key typed in a comment, a cursor step,
  // the current file while scrolling): on 10,000 files, walking them each time is a frame's work.
  if (totalsMemo && totalsMemo.files === s.files && totalsMemo.view === s.roundView && totalsMemo.diffs === diffs) return totalsMemo.totals;
  const files = pickInView(s, s.files, diffs);
  const counted = files.map((file) => (isRoundFileDiff(file.fileDiff) ? linesOfDiff(file) : file));
  const totals = { files: files.length, ...countChangedLines(counted) };
  totalsMemo = { files: s.files, view: s.roundView, diffs, totals };
  return totals;
}

interface Totals {
  readonly files: number;
  readonly additions: number;
  readonly deletions: number;
}

let totalsMemo: { files: readonly ReviewFile[]; view: ReviewStoreState['roundView']; diffs: RoundDiffs | null; totals: Totals } | null = null;

/**
 * One file's +/− as the chosen view draws it (its header, its tree row): in a
 * round view, its round diff's lines, none for a file outside the view
 * (unchanged since round N: one set of counts with the overview's totals,
 * its header says "Unchanged since round N"); otherwise the whole change's.
 */
export function countsInView(s: ReviewStoreState, file: ReviewFile): { additions: number; deletions: number } {
  if (unchangedSinceRound(s, file) !== null) return NO_LINES;
  const view = roundFileView(s, file);
  return view && isRoundFileDiff(view.file.fileDiff) ? linesOfDiff(view.file) : file;
}

const NO_LINES = { additions: 0, deletions: 0 } as const;

/** In "Since round N" (its diff in), a file unchanged since: N; else null. */
export function unchangedSinceRound(s: ReviewStoreState, file: ReviewFile): number | null {
  if (s.roundView !== 'since-last' || s.roundChanges.kind !== 'ready') return null;
  const diffs = sinceRoundDiffs(s);
  return diffs && !diffs.has(file.path) ? s.roundChanges.round : null;
}

function linesOfDiff(file: ReviewFile): { additions: number; deletions: number } {
  let additions = 0;
  let deletions = 0;
  for (const hunk of file.fileDiff.hunks) {
    additions += hunk.additionLines;
    deletions += hunk.deletionLines;
  }
  return { additions, deletions };
}
