/**
 * What the diff and the tree show of the review: the file filter (the
 * core's `pathMatchesFilter`, one rule for both) and "hide viewed files".
 * The list itself is `shownFiles` (shownFiles.ts); search, the line cursor
 * and `j`/`k` go by it, so they never land on a file that is not shown.
 */
import type { FileListOrder } from '@redline/core';
import type { ReviewSliceCreator } from '../app/reviewStore.js';
import { shownFiles } from './shownFiles.js';

/** The last fold-everything choice (the header's button and `z`), null before any. */
export type FoldAll = 'collapsed' | 'expanded' | null;

export interface ShownFilesSlice {
  fileFilter: string;
  hideViewed: boolean;
  foldAll: FoldAll;
  /** How the sidebar lists the files: the tree, or ranked by changed lines or by size (the list only: the diff keeps the review's order). */
  fileListOrder: FileListOrder;
  setFileListOrder(order: FileListOrder): void;
  setFileFilter(filter: string): void;
  setHideViewed(hide: boolean): void;
  /** Folds every shown file, or unfolds every shown file but the large ones (their "Load diff" stays a choice of its own). */
  setAllCollapsed(collapsed: boolean): void;
  /** The header's button and `z`: collapse all, or expand all after a collapse all. */
  toggleAllCollapsed(): void;
}

export const createShownFilesSlice: ReviewSliceCreator<ShownFilesSlice> = (set, get) => {
  /** Search looks only at shown files: run it again when they change. */
  const searchAgain = () => {
    const { search } = get();
    if (search.query !== '') get().setSearchQuery(search.query);
  };
  return {
    fileFilter: '',
    hideViewed: false,
    foldAll: null,
    fileListOrder: 'tree',
    setFileListOrder(order) {
      if (order !== get().fileListOrder) set({ fileListOrder: order });
    },
    setFileFilter(filter) {
      if (filter === get().fileFilter) return;
      set({ fileFilter: filter });
      searchAgain();
    },
    setHideViewed(hide) {
      if (hide === get().hideViewed) return;
      set({ hideViewed: hide });
      searchAgain();
    },
    setAllCollapsed(collapsed) {
      const next = { ...get().collapsed };
      for (const file of shownFiles(get())) if (collapsed || !file.large) next[file.id] = collapsed;
      set({ collapsed: next, foldAll: collapsed ? 'collapsed' : 'expanded' });
    },
    toggleAllCollapsed() {
      get().setAllCollapsed(get().foldAll !== 'collapsed');
    },
  };
};
