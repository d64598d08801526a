/** Renders a component inside a review context (store + controller + in-memory server). */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { ReviewData } from '@redline/core';
import { ReviewContext } from '../app/reviewContext.js';
import { createReviewController, type ReviewController } from '../app/reviewController.js';
import { createReviewStore } from '../app/reviewStore.js';
import { createMemoryApi, type MemoryApi } from './memoryApi.js';
import { makeReview } from './fixtures.js';

export interface ReviewHarness {
  api: MemoryApi;
  controller: ReviewController;
  store: ReviewController['store'];
}

export function createHarness(review: ReviewData = makeReview(), contents: Record<string, [string | null, string | null]> = {}): ReviewHarness {
  const api = createMemoryApi(review, contents);
  const store = createReviewStore();
  store.getState().loadReview(review, null);
  const controller = createReviewController(store, api);
  return { api, controller, store };
}

export function renderWithReview(ui: ReactElement, harness: ReviewHarness = createHarness()): RenderResult & ReviewHarness {
  const result = render(<ReviewContext.Provider value={harness.controller}>{ui}</ReviewContext.Provider>);
  return { ...result, ...harness };
}
