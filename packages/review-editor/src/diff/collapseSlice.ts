/**
 * Which files are folded. Generated and large files start collapsed (core's
 * file classification sets `generated`/`large`), and so do viewed ones; an
 * explicit choice of the reviewer wins.
 */
import type { ReviewSliceCreator } from '../app/reviewStore.js';
import { keepFileIds, type SliceResets } from '../reviewLoading/sliceResets.js';

export interface CollapseSlice {
  /** Explicit collapse choices per file id; otherwise the file's default applies. */
  collapsed: Record<string, boolean>;
  isCollapsed(fileId: string): boolean;
  setCollapsed(fileId: string, collapsed: boolean): void;
}

export const createCollapseSlice: ReviewSliceCreator<CollapseSlice> = (set, get) => ({
  collapsed: {},
  isCollapsed(fileId) {
    const s = get();
    const explicit = s.collapsed[fileId];
    if (explicit !== undefined) return explicit;
    const file = s.fileById.get(fileId);
    return !!file && (file.generated || file.large || s.isViewed(fileId));
  },
  setCollapsed(fileId, collapsed) {
    set((s) => ({ collapsed: { ...s.collapsed, [fileId]: collapsed } }));
  },
});

/** Like GitHub: a file marked viewed folds away, unmarking it unfolds it (viewedSlice.ts's setViewed). */
export function collapsedAfterViewed(s: Pick<CollapseSlice, 'collapsed'>, fileId: string, viewed: boolean): Pick<CollapseSlice, 'collapsed'> {
  return { collapsed: { ...s.collapsed, [fileId]: viewed } };
}

export const collapseResets: SliceResets<CollapseSlice> = {
  fromDraft: () => ({}),
  onLoad: () => ({ collapsed: {} }),
  onReread: (s, { fileIds }) => ({ collapsed: keepFileIds(s.collapsed, fileIds) }),
};
