/**
 * The files as the diff shown draws them (diffShown.ts), for everything
 * that walks "the diff" rather than draws it: the line cursor (↑/↓, `n`/`p`,
 * `]`/`[`), `j`/`k` over files, the search, the overview's totals and each
 * file's counts in its header and tree row. In "Since round N" that is the
 * files changed since round N, each with its diff from round N's text; the
 * files unchanged since (folded, reviewed then) are outside it. An earlier
 * pair or a span of commits: the files it changed, with its diff. The whole
 * change: every file. Always within shownFiles (the filter, "hide viewed").
 *
 * What the diff and the tree list (filesListed) follows the same rule:
 * "Since round N" lists only the files changed since, and says how many it
 * leaves out ("show all" lists them again, folded).
 */
import { countChangedLines, threadHeldPaths } from '@redline/core';
import type { ReviewStoreState } from '../app/reviewStore.js';
import { shownFiles } from '../navigation/shownFiles.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import { diffShown, fileViewIn, type DiffShown } from './diffShown.js';
import { isViewFileDiff } from './viewDiffs.js';

interface Memo {
  shown: readonly ReviewFile[];
  view: DiffShown;
  files: readonly ReviewFile[];
}

let memo: Memo | null = null;

/** The files in view; the same array while nothing it depends on changed (a cursor step on a large diff maps nothing). */
export function filesInView(s: ReviewStoreState): readonly ReviewFile[] {
  const shown = shownFiles(s);
  const view = diffShown(s);
  if (memo && memo.shown === shown && memo.view === view) return memo.files;
  memo = { shown, view, files: pickInView(view, shown) };
  return memo.files;
}

function pickInView(view: DiffShown, files: readonly ReviewFile[]): readonly ReviewFile[] {
  if (view.kind === 'whole') return files;
  return files.filter((file) => inView(view, file)).map((file) => fileViewIn(view, file)?.file ?? file);
}

/** The one rule of what a view holds: the whole change every file, another view the files its diff has. */
function inView(view: DiffShown, file: ReviewFile): boolean {
  return view.kind === 'whole' || view.diffs.has(file.path);
}

type ListedInputs = Parameters<typeof shownFiles>[0] & Parameters<typeof diffShown>[0] & Pick<ReviewStoreState, 'showUnchanged' | 'proposals'>;

let listedMemo: { shown: readonly ReviewFile[]; view: DiffShown; showUnchanged: boolean; proposals: ReviewStoreState['proposals']; listed: readonly ReviewFile[] } | null = null;

/**
 * The files the diff and the tree list (as the review's files, each view
 * drawing its own diff in their place): the shown files, less, in "Since
 * round N", those unchanged since (unless "show all" is on) that hold no
 * thread left open by an earlier round and no agent proposal (those stay
 * listed, so the thread can be read and resolved where it is). The other
 * views list every shown file (an earlier pair or a span folds the files it
 * did not change). The same array while its inputs are the same.
 */
export function filesListed(s: ListedInputs): readonly ReviewFile[] {
  const shown = shownFiles(s);
  const view = diffShown(s);
  const m = listedMemo;
  if (m && m.shown === shown && m.view === view && m.showUnchanged === s.showUnchanged && m.proposals === s.proposals) return m.listed;
  let listed = shown;
  if (view.kind === 'since-round' && !s.showUnchanged) {
    const kept = keptUnchanged(s);
    listed = shown.filter((file) => inView(view, file) || kept.has(file.path));
  }
  listedMemo = { shown, view, showUnchanged: s.showUnchanged, proposals: s.proposals, listed };
  return listed;
}

/** The paths an unchanged file stays listed for: a thread open when the review was read (core threadHeldPaths), an agent proposal (whatever became of it since, so acting on it does not pull the file away). */
function keptUnchanged(s: Pick<ReviewStoreState, 'review' | 'proposals'>): ReadonlySet<string> {
  return new Set([...threadHeldPaths(s.review?.rounds?.threads ?? []), ...s.proposals.map((p) => p.proposal.finding.path)]);
}

/** In "Since round N": how many shown files are unchanged since and not kept listed (filesListed); else 0. */
export function unchangedCount(s: ListedInputs): number {
  const view = diffShown(s);
  if (view.kind !== 'since-round') return 0;
  const kept = keptUnchanged(s);
  return shownFiles(s).reduce((n, file) => (inView(view, file) || kept.has(file.path) ? n : n + 1), 0);
}

/**
 * The overview's totals of the view, over every file (the filter does not
 * change them, as in the whole change): in another view than the whole
 * change its files, each counting that view's lines, not the whole change's.
 */
export function totalsInView(s: ReviewStoreState): Totals {
  const view = diffShown(s);
  // The overview selects this on every change of the store (a key typed in a comment, a cursor step,
  // the current file while scrolling): on 10,000 files, walking them each time is a frame's work.
  if (totalsMemo && totalsMemo.files === s.files && totalsMemo.view === view) return totalsMemo.totals;
  const files = pickInView(view, s.files);
  const counted = files.map((file) => (isViewFileDiff(file.fileDiff) ? linesOfDiff(file) : file));
  const totals = { files: files.length, ...countChangedLines(counted) };
  totalsMemo = { files: s.files, view, totals };
  return totals;
}

interface Totals {
  readonly files: number;
  readonly additions: number;
  readonly deletions: number;
}

let totalsMemo: { files: readonly ReviewFile[]; view: DiffShown; totals: Totals } | null = null;

/**
 * One file's +/− as the view shown draws it (its header, its tree row): in
 * another view than the whole change, that view's lines, none for a file
 * outside it (unchanged since round N: one set of counts with the
 * overview's totals, its header says "Unchanged since round N");
 * otherwise the whole change's.
 */
export function countsInView(s: ReviewStoreState, file: ReviewFile): { additions: number; deletions: number } {
  if (unchangedSinceRound(s, file) !== null) return NO_LINES;
  const view = fileViewIn(diffShown(s), file);
  return view && isViewFileDiff(view.file.fileDiff) ? linesOfDiff(view.file) : file;
}

const NO_LINES = { additions: 0, deletions: 0 } as const;

/** In "Since round N" (its diff in), a file unchanged since: N; else null. */
export function unchangedSinceRound(s: ReviewStoreState, file: ReviewFile): number | null {
  const view = diffShown(s);
  return view.kind === 'since-round' && !inView(view, file) ? view.round : null;
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
