/**
 * A paged review's sections after the manifest (docs/design/reviewInPages.md):
 * once the first diff is live, page after page in idle time, each taken into
 * the store as it lands (`takeSections`); and, for what reads every section
 * at once (re-anchoring after Refresh), all of them before going on.
 */
import { errorMessage, isPagedReview, type PagedReviewData } from '@redline/core';
import { ApiRequestError, type ReviewApi } from '../api/apiClient.js';
import type { ReviewStore } from '../app/reviewStore.js';
import { whenIdle } from '../ui/whenIdle.js';
import { afterFirstScreen, FIRST_SCREEN_MAX_WAIT_MS } from './firstScreen.js';
import { allSectionsLoaded } from './pagedReviewFiles.js';

/** What one request for sections asks for: about 2 MB, a parse of a few tens of ms. */
export const PAGE_BYTES = 2 * 1024 * 1024;

const idle = (timeoutMs: number) => new Promise<void>((resolve) => whenIdle(resolve, { timeoutMs, fallbackMs: 16 }));

/** Fetches the rest of the shown review's sections, if it is paged; one run per diff. */
export function createReviewPager(store: ReviewStore, api: ReviewApi): { follow(): void } {
  let following: string | null = null;
  const shown = (fingerprint: string) => store.getState().review?.fingerprint === fingerprint;
  async function run(fingerprint: string): Promise<void> {
    // Not before the app's first diff is live: the server's first screen has gone (DiffView hands it over when it paints).
    if (typeof document !== 'undefined') await new Promise<void>((resolve) => afterFirstScreen(resolve, FIRST_SCREEN_MAX_WAIT_MS));
    for (;;) {
      await idle(1_000);
      const review = store.getState().review;
      if (!review || review.fingerprint !== fingerprint || !isPagedReview(review) || allSectionsLoaded(review)) return;
      try {
        const page = await api.getReviewSections(fingerprint, review.pages.loaded.length, PAGE_BYTES);
        if (!shown(fingerprint)) return;
        store.getState().takeSections(fingerprint, page.sections);
        if (page.next === null) return;
      } catch (error) {
        // The server no longer holds this diff: the page is out of date, as the freshness poller would say.
        if (error instanceof ApiRequestError && error.status === 409) store.getState().setStale(true);
        else store.getState().showToast(`Could not load the rest of the diff: ${errorMessage(error)}`);
        return;
      }
    }
  }
  return {
    follow() {
      const review = store.getState().review;
      if (!review || !isPagedReview(review) || allSectionsLoaded(review) || following === review.fingerprint) return;
      const fingerprint = review.fingerprint;
      following = fingerprint;
      void run(fingerprint).finally(() => {
        if (following === fingerprint) following = null;
      });
    },
  };
}

/** A paged review with every section in it (fetched now): for what reads the whole patch at once. */
export async function withAllSections(api: ReviewApi, review: PagedReviewData): Promise<PagedReviewData> {
  const patch = [review.patch];
  const loaded = [...review.pages.loaded];
  let from: number | null = loaded.length;
  while (from !== null && loaded.length < review.pages.total) {
    const page = await api.getReviewSections(review.fingerprint, from, PAGE_BYTES * 4);
    for (const { index, section } of page.sections) {
      patch.push(section);
      loaded.push(index);
    }
    from = page.next;
  }
  return { ...review, patch: patch.join(''), pages: { total: review.pages.total, loaded } };
}
