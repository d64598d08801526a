/**
 * The page's paging against a server that serves a paged review's sections
 * as apps/cli's does (in the file order, a page at a time): once followed,
 * every placeholder is replaced page after page; a page of a diff no longer
 * shown is dropped; a 409 marks the review out of date; and withAllSections
 * gives what Refresh re-anchors with, every section in.
 */
import { describe, expect, it } from 'vitest';
import { sortByFileOrder, splitPatchSections, type PagedReviewData, type ReviewSectionsData } from '@redline/core';
import { ApiRequestError } from '../api/apiClient.js';
import { createReviewStore } from '../app/reviewStore.js';
import { createMemoryApi } from '../testing/memoryApi.js';
import { makeReview } from '../testing/fixtures.js';
import { allSectionsLoaded } from './pagedReviewFiles.js';
import { createReviewPager, withAllSections } from './reviewPaging.js';

const whole = makeReview();
const sections = splitPatchSections(whole.patch);
const order = sortByFileOrder(whole.files.map((facts, index) => ({ path: facts.path, index })), (e) => e.path).map(({ index }) => ({ index, section: sections[index]! }));
const manifest: PagedReviewData = { ...whole, patch: order[0]!.section, pages: { total: order.length, loaded: [order[0]!.index] } };

/** The in-memory server, answering sections two at a time as the real one would; `fail` answers with that status instead. */
function pagingApi(fail: number | null = null) {
  const api = createMemoryApi(whole);
  const asked: number[] = [];
  api.getReviewSections = async (fingerprint, from): Promise<ReviewSectionsData> => {
    asked.push(from);
    if (fail !== null) throw new ApiRequestError('reviewSections: no longer held', fail, 'changed');
    const page = order.slice(from, from + 2);
    return { fingerprint, sections: page, next: from + 2 < order.length ? from + 2 : null };
  };
  return { api, asked };
}

const settled = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('paging a review', () => {
  it('replaces every placeholder, page after page, once followed', async () => {
    const store = createReviewStore();
    store.getState().loadReview(manifest, null);
    expect(store.getState().files.filter((f) => f.loading)).toHaveLength(order.length - 1);
    const { api, asked } = pagingApi();
    createReviewPager(store, api).follow();
    await settled(() => store.getState().files.every((f) => !f.loading));
    expect(store.getState().files.filter((f) => f.loading)).toEqual([]);
    expect(allSectionsLoaded(store.getState().review as PagedReviewData)).toBe(true);
    expect(asked).toEqual(Array.from({ length: Math.ceil((order.length - 1) / 2) }, (_, i) => 1 + 2 * i));
  });

  it('marks the review out of date when the server no longer holds its diff (409)', async () => {
    const store = createReviewStore();
    store.getState().loadReview(manifest, null);
    createReviewPager(store, pagingApi(409).api).follow();
    await settled(() => store.getState().stale);
    expect(store.getState().stale).toBe(true);
  });

  it('drops a page of a diff no longer shown', () => {
    const store = createReviewStore();
    store.getState().loadReview(manifest, null);
    const before = store.getState().files;
    store.getState().takeSections('f'.repeat(64), order.slice(1, 3));
    expect(store.getState().files).toBe(before);
  });

  it('withAllSections: every section in, in the file order', async () => {
    const full = await withAllSections(pagingApi().api, manifest);
    expect(full.pages.loaded).toEqual(order.map((e) => e.index));
    expect(full.patch).toBe(order.map((e) => e.section).join(''));
  });
});
