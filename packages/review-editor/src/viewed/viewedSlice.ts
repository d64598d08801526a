/**
 * Viewed marks: path -> the fingerprint of the file's diff when it was
 * marked (viewedFingerprint.ts). They are saved with the draft (drafts/); a
 * mark whose file diff changed no longer counts.
 */
import type { ReviewSliceCreator } from '../app/reviewStore.js';
import { collapsedAfterViewed } from '../diff/collapseSlice.js';
import type { SliceResets } from '../reviewLoading/sliceResets.js';
import { keepValidViewed, viewedFingerprint } from './viewedFingerprint.js';

export interface ViewedSlice {
  /** path -> viewed fingerprint. */
  viewed: Record<string, string>;
  isViewed(fileId: string): boolean;
  setViewed(fileId: string, viewed: boolean): void;
  toggleViewed(fileId: string): void;
}

export const createViewedSlice: ReviewSliceCreator<ViewedSlice> = (set, get) => ({
  viewed: {},
  isViewed(fileId) {
    const s = get();
    const file = s.fileById.get(fileId);
    // Hash only files that carry a mark: most do not, and hashing every
    // patch section of a 2,000-file review costs a second.
    const mark = file ? s.viewed[file.path] : undefined;
    return mark !== undefined && mark === viewedFingerprint(file!);
  },
  setViewed(fileId, viewed) {
    const s = get();
    const file = s.fileById.get(fileId);
    // A file still loading has no section to fingerprint yet (a paged review): it cannot be marked until it lands (its checkbox is disabled meanwhile).
    if (!file || file.loading) return;
    const next = { ...s.viewed };
    if (viewed) next[file.path] = viewedFingerprint(file);
    else delete next[file.path];
    set({ viewed: next, ...collapsedAfterViewed(s, fileId, viewed) });
  },
  toggleViewed(fileId) {
    get().setViewed(fileId, !get().isViewed(fileId));
  },
});

/** A mark whose file's diff changed (or whose file is gone) no longer counts. */
export const viewedResets: SliceResets<ViewedSlice> = {
  fromDraft: (draft, { files }) => ({ viewed: draft ? keepValidViewed(draft.viewed, files) : {} }),
  onLoad: () => ({}),
  onReread: (s, { files }) => ({ viewed: keepValidViewed(s.viewed, files) }),
};
