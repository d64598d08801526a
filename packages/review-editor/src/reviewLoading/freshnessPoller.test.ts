/**
 * A server that stops answering: the page says so at
 * the first unanswered poll and then polls less and less often (3, 6, 12,
 * 24, 48 s, then every 60 s), and is back to normal at the first answer.
 * The first check is made once the diff is live.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_ID } from '@redline/core';
import { ApiRequestError } from '../api/apiClient.js';
import { createReviewStore } from '../app/reviewStore.js';
import { CALC_FILES, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { createMemoryApi } from '../testing/memoryApi.js';
import { dismissFirstScreen } from './firstScreen.js';
import { pollDelay, startFreshnessPolling } from './freshnessPoller.js';

function setup() {
  const review = makeReview(CALC_PATCH, CALC_FILES);
  const memory = createMemoryApi(review);
  const server = { gone: false, refuses: false, asked: 0 };
  const api = {
    ...memory,
    async getFreshness(fingerprint: string) {
      server.asked++;
      if (server.refuses) throw new ApiRequestError('freshness: HTTP 410', 410, 'ended');
      if (server.gone) throw new ApiRequestError('freshness: the server did not answer (TypeError: Failed to fetch)', 0, 'network');
      return memory.getFreshness(fingerprint);
    },
  };
  const store = createReviewStore();
  store.getState().loadReview(review, null);
  return { store, server, stop: startFreshnessPolling(store, api) };
}

describe('freshness polling when the server is gone', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits twice as long after each unanswered poll, up to a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => pollDelay(n))).toEqual([3_000, 6_000, 12_000, 24_000, 48_000, 60_000, 60_000, 60_000]);
  });

  it('checks at once when the diff is live, and every 3 s after', async () => {
    const { server, stop } = setup();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.asked).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000 - 1);
    expect(server.asked).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.asked).toBe(2);
    stop();
  });

  it('waits for the first screen to go before the first check (at most one interval)', async () => {
    const screen = document.createElement('div');
    screen.id = FIRST_SCREEN_ID;
    document.body.append(screen);
    const { server, stop } = setup();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.asked).toBe(0);
    dismissFirstScreen();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.asked).toBe(1);
    stop();
    document.body.append(screen);
    const late = setup();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(late.server.asked).toBe(1);
    late.stop();
    screen.remove();
  });

  it('says the server is gone at the first unanswered poll, backs off, and recovers at the first answer', async () => {
    const { store, server, stop } = setup();
    await vi.advanceTimersByTimeAsync(0);
    expect([server.asked, store.getState().serverGone]).toEqual([1, false]);
    server.gone = true;
    await vi.advanceTimersByTimeAsync(3_000);
    expect([server.asked, store.getState().serverGone]).toEqual([2, true]);
    // Then 6 s, 12 s, 24 s, 48 s, 60 s, 60 s: 6 more polls in 210 s (every 3 s would be 70).
    await vi.advanceTimersByTimeAsync(6_000 + 12_000 + 24_000 + 48_000 + 60_000 + 60_000 - 1);
    expect(server.asked).toBe(7);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.asked).toBe(8);
    server.gone = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect([server.asked, store.getState().serverGone]).toEqual([9, false]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(server.asked).toBe(10);
    stop();
  });

  it('an HTTP error is an answer: the server is not called gone', async () => {
    const { store, server, stop } = setup();
    server.refuses = true;
    await vi.advanceTimersByTimeAsync(3_000);
    expect([server.asked, store.getState().serverGone]).toEqual([2, false]);
    stop();
  });
});
