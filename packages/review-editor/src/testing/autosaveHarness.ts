/** A loaded review with autosave running against the in-memory server, for the drafts' tests. */
import { createReviewStore } from '../app/reviewStore.js';
import { startDraftAutosave } from '../drafts/draftAutosave.js';
import { CALC_FILES, CALC_PATCH, makeReview } from './fixtures.js';
import { createMemoryApi } from './memoryApi.js';

export function createAutosaveHarness() {
  const review = makeReview(CALC_PATCH, CALC_FILES);
  const api = createMemoryApi(review);
  const store = createReviewStore();
  store.getState().loadReview(review, null);
  const autosave = startDraftAutosave(store, api, { delayMs: 200, maxWaitMs: 500 });
  const puts = () => api.calls.filter((c) => c === 'draft put').length;
  return { review, api, store, autosave, puts };
}
