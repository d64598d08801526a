/** Renders a component inside a review context (store + controller + in-memory server). */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { ReviewData } from '@redline/core';
import { ReviewContext } from '../app/reviewContext.js';
import { createReviewController, createReviewServices, type ReviewController } from '../app/reviewController.js';
import type { ReviewLoader } from '../reviewLoading/reviewLoader.js';
import { createReviewStore } from '../app/reviewStore.js';
import { createMemoryApi, type MemoryApi } from './memoryApi.js';
import { makeReview } from './fixtures.js';

/**
 * The page's controller plus what tests drive directly: `installReread`
 * installs a re-read review without going through Refresh's network call
 * and toast (the production controller does not expose it).
 */
export type TestReviewController = ReviewController & Pick<ReviewLoader, 'installReread'>;

export interface ReviewHarness {
  api: MemoryApi;
  controller: TestReviewController;
  store: ReviewController['store'];
}

export function createHarness(review: ReviewData = makeReview(), contents: Record<string, [string | null, string | null]> = {}): ReviewHarness {
  const api = createMemoryApi(review, contents);
  const store = createReviewStore();
  store.getState().loadReview(review, null);
  const services = createReviewServices(store, api);
  const controller = { ...createReviewController(store, api, services), installReread: services.loader.installReread };
  return { api, controller, store };
}

export function renderWithReview(ui: ReactElement, harness: ReviewHarness = createHarness()): RenderResult & ReviewHarness {
  const result = render(<ReviewContext.Provider value={harness.controller}>{ui}</ReviewContext.Provider>);
  return { ...result, ...harness };
}
