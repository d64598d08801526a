/**
 * Polling for the agent's proposals: they are in the page as soon as the
 * review is (a `redline start` then `redline annotate` posts them before the
 * reviewer opens the link), not an interval later; then every interval.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReviewStore } from '../app/reviewStore.js';
import { makeReview } from '../testing/fixtures.js';
import { createMemoryApi } from '../testing/memoryApi.js';
import { startProposalPolling } from './proposalsService.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const polls = (calls: string[]) => calls.filter((call) => call === 'proposals').length;

describe('startProposalPolling', () => {
  it('asks the moment the review is ready, though it started while the review was loading, then once per interval', async () => {
    const review = makeReview();
    const api = createMemoryApi(review);
    const store = createReviewStore();
    const stop = startProposalPolling(store, api, 3_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(polls(api.calls)).toBe(0); // still loading: nothing to draw them on

    store.getState().loadReview(review, null);
    await vi.advanceTimersByTimeAsync(0);
    expect(polls(api.calls)).toBe(1);

    await vi.advanceTimersByTimeAsync(3_000);
    expect(polls(api.calls)).toBe(2);
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(polls(api.calls)).toBe(2);
  });
});
