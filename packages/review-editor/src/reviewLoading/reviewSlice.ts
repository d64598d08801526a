/**
 * The review on screen: its phase, the server's data and the parsed files,
 * and whether it is out of date. Installing a review (first load, refresh)
 * resets what belongs to the previous diff in the other slices.
 */
import type { Annotation, DraftData, ReviewData } from '@redline/core';
import type { ReviewSliceCreator, ReviewStoreState } from '../app/reviewStore.js';
import type { Composer } from '../composer/composerSlice.js';
import { workFromDraft } from '../drafts/draftSlice.js';
import { keepValidViewed } from '../viewed/viewedFingerprint.js';
import { parseReviewFiles } from './parseReviewFiles.js';
import type { ReviewFile } from './reviewFile.js';

export type Phase = 'loading' | 'ready' | 'failed' | 'sent' | 'closed';

export interface ReviewSlice {
  phase: Phase;
  /** Why loading failed, or why the last action failed, in one line. */
  error: string | null;
  review: ReviewData | null;
  files: ReviewFile[];
  fileById: ReadonlyMap<string, ReviewFile>;
  /** The repository changed since the diff was read. */
  stale: boolean;
  /** A refresh or whitespace reload is in flight. */
  reloading: boolean;
  /** The server stopped answering (serverGone.ts): the banner says so and offers the export from the page. */
  serverGone: boolean;
  /** Installs a freshly loaded review, restoring a draft saved for the same diff. */
  loadReview(review: ReviewData, draft?: DraftData | null): void;
  /**
   * Installs a re-read review (refresh or whitespace toggle), keeping the
   * reviewer's work: `annotations` are the re-anchored ones.
   */
  replaceReview(review: ReviewData, annotations: Annotation[], parsedFiles?: ReviewFile[]): void;
  failLoading(message: string): void;
  setError(message: string | null): void;
  setStale(stale: boolean): void;
  setReloading(reloading: boolean): void;
  setServerGone(gone: boolean): void;
}

const filesState = (files: ReviewFile[]) => ({ files, fileById: new Map(files.map((f) => [f.id, f])) });

export const createReviewSlice: ReviewSliceCreator<ReviewSlice> = (set, get) => ({
  phase: 'loading',
  error: null,
  review: null,
  files: [],
  fileById: new Map(),
  stale: false,
  reloading: false,
  serverGone: false,

  loadReview(review, draft) {
    set(loadedState(review, draft ?? null));
    get().setSearchQuery(get().search.query);
  },
  replaceReview(review, annotations, parsedFiles) {
    const files = parsedFiles ?? parseReviewFiles(review);
    set((s) => rereadState(s, review, annotations, files));
    get().setSearchQuery(get().search.query);
  },
  failLoading(message) {
    set({ phase: 'failed', error: message });
  },
  setError(message) {
    set({ error: message });
  },
  setStale(stale) {
    if (get().stale !== stale) set({ stale });
  },
  setReloading(reloading) {
    set({ reloading });
  },
  setServerGone(serverGone) {
    if (get().serverGone !== serverGone) set({ serverGone });
  },
});

/** A first load: the draft saved for this very diff (if any) restores the reviewer's work; everything else starts afresh. */
function loadedState(review: ReviewData, draft: DraftData | null): Partial<ReviewStoreState> {
  const files = parseReviewFiles(review);
  const restored = draft && draft.fingerprint === review.fingerprint ? draft : null;
  return {
    phase: 'ready',
    error: null,
    review,
    ...filesState(files),
    ...workFromDraft(restored, files),
    collapsed: {},
    selection: null,
    currentFileId: files[0]?.id ?? null,
    stale: false,
    overlapsConfirmed: false,
  };
}

/** A re-read: the reviewer's work stays, minus what belonged to files that are gone. */
function rereadState(s: ReviewStoreState, review: ReviewData, annotations: Annotation[], files: ReviewFile[]): Partial<ReviewStoreState> {
  const ids = new Set(files.map((f) => f.id));
  const keepIds = <V>(record: Record<string, V>) => Object.fromEntries(Object.entries(record).filter(([id]) => ids.has(id)));
  return {
    review,
    ...filesState(files),
    annotations,
    viewed: keepValidViewed(s.viewed, files),
    collapsed: keepIds(s.collapsed),
    selection: null,
    composer: s.composer && composerStillValid(s.composer, ids) ? s.composer : null,
    currentFileId: s.currentFileId && ids.has(s.currentFileId) ? s.currentFileId : (files[0]?.id ?? null),
    stale: false,
    overlapsConfirmed: false,
  };
}

function composerStillValid(c: Composer, fileIds: ReadonlySet<string>): boolean {
  return c.target.scope === 'general' || fileIds.has(c.target.fileId);
}
