/**
 * GET /api/freshness with `wait` (Follow the agent live) on a real server over a
 * real repository: a fresh diff is answered when the working tree changes (the
 * watcher), not at the wait's end; a stale one at once; a bad wait is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type ApiError, type FreshnessData, type ReviewData } from '@redline/core';
import { makeRepo, type TestRepo } from '../../../testSupport/gitRepo.js';
import { gitSource, startHarness, type Harness } from '../../../testSupport/reviewServerHarness.js';

let repo: TestRepo;
let harness: Harness;
let review: ReviewData;

beforeAll(async () => {
  repo = makeRepo({ commit: { 'a.txt': 'one\n' } });
  repo.write('a.txt', 'two\n');
  harness = await startHarness(await gitSource(repo.dir));
  review = (await harness.get(API.review)).json<ReviewData>();
});
afterAll(async () => {
  await harness.close();
  repo.cleanup();
});

const freshness = (wait?: string) => harness.get(`${API.freshness}?${new URLSearchParams({ fingerprint: review.fingerprint, ...(wait ? { wait } : {}) })}`);

describe('GET /api/freshness?wait=', () => {
  it('waits while the diff is fresh, and answers soon after a file changes (well before the wait ends)', async () => {
    const started = Date.now();
    const answer = freshness('20');
    setTimeout(() => repo.write('a.txt', 'three\n'), 500);
    const got = await answer;
    expect(got.status).toBe(200);
    expect(got.json<FreshnessData>().fresh).toBe(false);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('a stale diff is answered at once', async () => {
    const started = Date.now();
    expect((await freshness('20')).json<FreshnessData>().fresh).toBe(false);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.each(['0', '26', '1.5', 'soon'])('refuses wait=%s', async (wait) => {
    const answer = await freshness(wait);
    expect(answer.status).toBe(400);
    expect(answer.json<ApiError>().error.message).toMatch(/wait must be a whole number of seconds from 1 to 25/);
  });
});
