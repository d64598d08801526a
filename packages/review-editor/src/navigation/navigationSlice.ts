/** Which file is current (the tree's highlight, the target of `v`, where `j`/`k` step from). */
import type { ReviewSliceCreator } from '../app/reviewStore.js';

export interface NavigationSlice {
  currentFileId: string | null;
  setCurrentFile(fileId: string | null): void;
}

export const createNavigationSlice: ReviewSliceCreator<NavigationSlice> = (set, get) => ({
  currentFileId: null,
  setCurrentFile(fileId) {
    if (get().currentFileId !== fileId) set({ currentFileId: fileId });
  },
});
