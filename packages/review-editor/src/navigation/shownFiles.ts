/**
 * The files the diff and the tree show, in the review's order: those
 * matching the filter, less the viewed ones while "hide viewed files" is on.
 *
 * The file being read stays while it is current: marking it viewed folds it
 * where it is (with its Viewed box, to unmark it) instead of pulling the
 * text away under the reader; it leaves once another file becomes current
 * (`j`, `Shift+V`, the tree, or scrolling on).
 */
import { pathMatchesFilter } from '@redline/core';
import type { ReviewStoreState } from '../app/reviewStore.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';

type ShownInputs = Pick<ReviewStoreState, 'files' | 'fileFilter' | 'hideViewed' | 'viewed' | 'currentFileId' | 'isViewed'>;

interface Memo {
  files: readonly ReviewFile[];
  fileFilter: string;
  hideViewed: boolean;
  viewed: Record<string, string>;
  keep: string | null;
  shown: readonly ReviewFile[];
}

let memo: Memo | null = null;

/** The shown files; the same array while they are the same files (CodeView's items are rebuilt only when they change). */
export function shownFiles(s: ShownInputs): readonly ReviewFile[] {
  const keep = s.hideViewed ? s.currentFileId : null;
  if (memo && memo.files === s.files && memo.fileFilter === s.fileFilter && memo.hideViewed === s.hideViewed && memo.viewed === s.viewed && memo.keep === keep) return memo.shown;
  const shown = pickShown(s, keep);
  const same = memo !== null && memo.files === s.files && sameFiles(memo.shown, shown);
  memo = { files: s.files, fileFilter: s.fileFilter, hideViewed: s.hideViewed, viewed: s.viewed, keep, shown: same ? memo!.shown : shown };
  return memo.shown;
}

/** How many files "hide viewed files" takes out of what the filter leaves. */
export function hiddenViewedCount(s: ShownInputs): number {
  if (!s.hideViewed) return 0;
  return s.files.filter((f) => pathMatchesFilter(f.path, s.fileFilter)).length - shownFiles(s).length;
}

function pickShown(s: ShownInputs, keep: string | null): readonly ReviewFile[] {
  if (s.fileFilter.trim() === '' && !s.hideViewed) return s.files;
  return s.files.filter((f) => pathMatchesFilter(f.path, s.fileFilter) && (!s.hideViewed || f.id === keep || !s.isViewed(f.id)));
}

function sameFiles(a: readonly ReviewFile[], b: readonly ReviewFile[]): boolean {
  return a.length === b.length && a.every((f, i) => f === b[i]);
}
