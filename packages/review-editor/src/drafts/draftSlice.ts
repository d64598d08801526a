/**
 * The draft in the store: whether the last autosave went through
 * (draftAutosave.ts saves), and the reviewer's work a saved draft restores.
 */
import type { Annotation, DraftData, Verdict } from '@redline/core';
import type { ReviewSliceCreator } from '../app/reviewStore.js';
import { newComposer, type Composer } from '../composer/composerSlice.js';
import { unsentToComposerInput } from '../composer/unsentComposer.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import { keepValidViewed } from '../viewed/viewedFingerprint.js';

/** `conflict`: another tab of this review saved since this tab loaded the draft; this tab saves no more (never a silent overwrite). */
export type DraftStatus = 'idle' | 'pending' | 'saved' | 'failed' | 'conflict';

export interface DraftSlice {
  draftStatus: DraftStatus;
  /** A saved draft of this diff was restored: its viewed marks are the reviewer's own (the round view carries none over them). */
  draftRestored: boolean;
  setDraftStatus(status: DraftStatus): void;
  /**
   * Restores a draft that arrived after the review was shown. Only while the
   * reviewer has done nothing yet (never overwrites their work); returns
   * whether it was applied.
   */
  restoreDraft(draft: DraftData): boolean;
}

/** The reviewer's work a draft carries (none: a fresh start); viewed marks that no longer match are dropped. */
export function workFromDraft(
  draft: DraftData | null,
  files: readonly ReviewFile[],
): { annotations: Annotation[]; viewed: Record<string, string>; verdict: Verdict; summary: string; composer: Composer | null; keptComposer: null; draftRestored: boolean } {
  return {
    draftRestored: draft !== null,
    annotations: draft?.annotations ?? [],
    viewed: draft ? keepValidViewed(draft.viewed, files) : {},
    verdict: draft?.verdict ?? 'comment',
    summary: draft?.summary ?? '',
    composer: draft ? restoredComposer(draft, files) : null,
    keptComposer: null,
  };
}

/** The form that was open (or closed unsent) when the draft was saved, open again; not if its file left the diff. */
function restoredComposer(draft: DraftData, files: readonly ReviewFile[]): Composer | null {
  if (!draft.composer) return null;
  const input = unsentToComposerInput(draft.composer, (path) => files.some((f) => f.path === path));
  return input ? newComposer(input) : null;
}

export const createDraftSlice: ReviewSliceCreator<DraftSlice> = (set, get) => ({
  draftStatus: 'idle',
  draftRestored: false,
  setDraftStatus(draftStatus) {
    if (get().draftStatus !== draftStatus) set({ draftStatus });
  },
  restoreDraft(draft) {
    const s = get();
    if (!s.review || draft.fingerprint !== s.review.fingerprint) return false;
    const pristine = s.annotations.length === 0 && Object.keys(s.viewed).length === 0 && s.verdict === 'comment' && s.summary === '' && s.composer === null;
    if (!pristine) return false;
    set(workFromDraft(draft, s.files));
    return true;
  },
});
