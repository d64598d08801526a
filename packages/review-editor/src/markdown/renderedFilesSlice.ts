/** Which markdown files show rendered instead of as source (a per-file toggle in the file header; not kept across reloads). */
import type { ReviewSliceCreator } from '../app/reviewStore.js';

export interface RenderedFilesSlice {
  renderedFiles: ReadonlySet<string>;
  toggleRendered(fileId: string): void;
}

export const createRenderedFilesSlice: ReviewSliceCreator<RenderedFilesSlice> = (set) => ({
  renderedFiles: new Set(),
  toggleRendered(fileId) {
    set((s) => {
      const next = new Set(s.renderedFiles);
      if (!next.delete(fileId)) next.add(fileId);
      return { renderedFiles: next };
    });
  },
});
