/** The composer's part of installing a review (reviewLoading/sliceResets.ts): the open form, the kept one, the gutter selection. */
import type { DraftData } from '@redline/core';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import type { SliceResets } from '../reviewLoading/sliceResets.js';
import { newComposer, type Composer, type ComposerSlice } from './composerSlice.js';
import { unsentToComposerInput } from './unsentComposer.js';

export const composerResets: SliceResets<ComposerSlice> = {
  fromDraft: (draft, { files }) => ({ composer: draft ? restoredComposer(draft, files) : null, keptComposer: null }),
  onLoad: () => ({ selection: null }),
  onReread: (s, { fileIds }) => ({ selection: null, composer: s.composer && composerStillValid(s.composer, fileIds) ? s.composer : null }),
};

/** The form that was open (or closed unsent) when the draft was saved, open again; not if its file left the diff. */
function restoredComposer(draft: DraftData, files: readonly ReviewFile[]): Composer | null {
  if (!draft.composer) return null;
  const input = unsentToComposerInput(draft.composer, (path) => files.some((f) => f.path === path));
  return input ? newComposer(input) : null;
}

function composerStillValid(c: Composer, fileIds: ReadonlySet<string>): boolean {
  return c.target.scope === 'general' || fileIds.has(c.target.fileId);
}
