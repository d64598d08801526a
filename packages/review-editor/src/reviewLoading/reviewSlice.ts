/**
 * The review on screen: its phase, the server's data and the parsed files,
 * and whether it is out of date. Installing a review (first load, refresh, a
 * draft that arrives late) is one store update, in which each of the other
 * slices resets its own keys (its `SliceResets`, sliceResets.ts).
 */
import { isPagedReview, type Annotation, type DraftData, type ReviewSection, type ServedReviewData } from '@redline/core';
import type { ReviewSliceCreator, ReviewStoreState } from '../app/reviewStore.js';
import { annotationsResets } from '../annotations/annotationsSlice.js';
import { composerResets } from '../composer/composerResets.js';
import { collapseResets } from '../diff/collapseSlice.js';
import { draftResets } from '../drafts/draftSlice.js';
import { feedbackResets } from '../feedback/feedbackSlice.js';
import { navigationResets } from '../navigation/navigationSlice.js';
import { viewedResets } from '../viewed/viewedSlice.js';
import { reviewFilesOf, withSections } from './pagedReviewFiles.js';
import type { ReviewFile } from './reviewFile.js';
import { installedFiles, type InstalledFiles, type RereadReview, type SliceResets } from './sliceResets.js';

export type Phase = 'loading' | 'ready' | 'failed' | 'sent' | 'closed';

export interface ReviewSlice {
  phase: Phase;
  /** Why loading failed, or why the last action failed, in one line. */
  error: string | null;
  review: ServedReviewData | null;
  files: ReviewFile[];
  fileById: ReadonlyMap<string, ReviewFile>;
  /** The repository changed since the diff was read. */
  stale: boolean;
  /** A refresh or whitespace reload is in flight. */
  reloading: boolean;
  /** The server stopped answering (serverGone.ts): the banner says so and offers the export from the page. */
  serverGone: boolean;
  /** Installs a freshly loaded review, restoring a draft saved for the same diff. */
  loadReview(review: ServedReviewData, draft?: DraftData | null): void;
  /**
   * Installs a re-read review (refresh or whitespace toggle), keeping the
   * reviewer's work: `annotations` are the re-anchored ones.
   */
  replaceReview(review: ServedReviewData, annotations: Annotation[], parsedFiles?: ReviewFile[]): void;
  /**
   * A page of a paged review's sections arrived (docs/design/reviewInPages.md):
   * its files are parsed and replace their placeholders, the rest untouched;
   * a page of another diff than the one shown is dropped.
   */
  takeSections(fingerprint: string, sections: readonly ReviewSection[]): void;
  /**
   * Restores a draft that arrived after the review was shown. Only while the
   * reviewer has done nothing yet (never overwrites their work); returns
   * whether it was applied.
   */
  restoreDraft(draft: DraftData): boolean;
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
    const files = parsedFiles ?? reviewFilesOf(review);
    set((s) => rereadState(s, review, annotations, files));
    get().setSearchQuery(get().search.query);
  },
  takeSections(fingerprint, sections) {
    const s = get();
    if (!s.review || s.review.fingerprint !== fingerprint || !isPagedReview(s.review)) return;
    const next = withSections(s.files, s.review, sections);
    set({ review: next.review, ...filesState(next.files) });
    // The search reads every section: it runs again as they come.
    if (s.search.query !== '') s.setSearchQuery(s.search.query);
  },
  restoreDraft(draft) {
    const s = get();
    if (!s.review || draft.fingerprint !== s.review.fingerprint) return false;
    const pristine = s.annotations.length === 0 && Object.keys(s.viewed).length === 0 && s.verdict === 'comment' && s.summary === '' && s.composer === null;
    if (!pristine) return false;
    set(workFromDraft(draft, installedFiles(s.files)));
    return true;
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

/** Every other slice's part in installing a review. */
export const SLICE_RESETS: readonly SliceResets<Partial<ReviewStoreState>>[] = [
  annotationsResets,
  viewedResets,
  feedbackResets,
  composerResets,
  draftResets,
  collapseResets,
  navigationResets,
];

const merged = (parts: Partial<ReviewStoreState>[]): Partial<ReviewStoreState> => Object.assign({}, ...parts);

/** The reviewer's work a draft carries (none: a fresh start); viewed marks that no longer match are dropped. */
function workFromDraft(draft: DraftData | null, installed: InstalledFiles): Partial<ReviewStoreState> {
  return merged(SLICE_RESETS.map((resets) => resets.fromDraft(draft, installed)));
}

/** A first load: the draft saved for this very diff (if any) restores the reviewer's work; everything else starts afresh. */
function loadedState(review: ServedReviewData, draft: DraftData | null): Partial<ReviewStoreState> {
  const files = reviewFilesOf(review);
  const restored = draft && draft.fingerprint === review.fingerprint ? draft : null;
  const installed = installedFiles(files);
  return {
    phase: 'ready',
    error: null,
    review,
    ...filesState(files),
    stale: false,
    ...workFromDraft(restored, installed),
    ...merged(SLICE_RESETS.map((resets) => resets.onLoad(installed))),
  };
}

/** A re-read: the reviewer's work stays, minus what belonged to files that are gone. */
function rereadState(s: ReviewStoreState, review: ServedReviewData, annotations: Annotation[], files: ReviewFile[]): Partial<ReviewStoreState> {
  const reread: RereadReview = { ...installedFiles(files), annotations };
  return {
    review,
    ...filesState(files),
    stale: false,
    ...merged(SLICE_RESETS.map((resets) => resets.onReread(s, reread))),
  };
}
