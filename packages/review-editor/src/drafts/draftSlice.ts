/**
 * The draft in the store: whether the last autosave went through
 * (draftAutosave.ts saves), and whether the reviewer's work came from a saved draft.
 */
import type { ReviewSliceCreator } from '../app/reviewStore.js';
import type { SliceResets } from '../reviewLoading/sliceResets.js';

/** `conflict`: another tab of this review saved since this tab loaded the draft; this tab saves no more (never a silent overwrite). */
export type DraftStatus = 'idle' | 'pending' | 'saved' | 'failed' | 'conflict';

export interface DraftSlice {
  draftStatus: DraftStatus;
  /** A saved draft of this diff was restored: its viewed marks are the reviewer's own (the round view carries none over them). */
  draftRestored: boolean;
  setDraftStatus(status: DraftStatus): void;
}

export const createDraftSlice: ReviewSliceCreator<DraftSlice> = (set, get) => ({
  draftStatus: 'idle',
  draftRestored: false,
  setDraftStatus(draftStatus) {
    if (get().draftStatus !== draftStatus) set({ draftStatus });
  },
});

export const draftResets: SliceResets<DraftSlice> = {
  fromDraft: (draft) => ({ draftRestored: draft !== null }),
  onLoad: () => ({}),
  onReread: () => ({}),
};
