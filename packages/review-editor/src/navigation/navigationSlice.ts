/** Which file is current (the tree's highlight, the target of `v`, where `j`/`k` step from), and the line cursor. */
import type { ReviewSliceCreator } from '../app/reviewStore.js';
import type { SliceResets } from '../reviewLoading/sliceResets.js';
import { cursorSelection, type LineCursor } from './lineCursor.js';

export interface NavigationSlice {
  currentFileId: string | null;
  setCurrentFile(fileId: string | null): void;
  /** The keyboard's place in the diff (lineCursor.ts), or null. */
  lineCursor: LineCursor | null;
  /** Moves the cursor (its file becomes current); the selection follows it. Null leaves it, clearing the selection. */
  setLineCursor(cursor: LineCursor | null): void;
}

export const createNavigationSlice: ReviewSliceCreator<NavigationSlice> = (set, get) => ({
  currentFileId: null,
  setCurrentFile(fileId) {
    if (get().currentFileId !== fileId) set({ currentFileId: fileId });
  },
  lineCursor: null,
  setLineCursor(cursor) {
    if (!cursor) return set({ lineCursor: null, selection: null });
    set({ lineCursor: cursor, selection: cursorSelection(cursor), currentFileId: cursor.fileId });
  },
});

/** The first file is current after a load, and after a re-read that lost the current one. */
export const navigationResets: SliceResets<NavigationSlice> = {
  fromDraft: () => ({}),
  onLoad: ({ files }) => ({ currentFileId: files[0]?.id ?? null }),
  onReread: (s, { files, fileIds }) => ({ currentFileId: s.currentFileId && fileIds.has(s.currentFileId) ? s.currentFileId : (files[0]?.id ?? null) }),
};
