/**
 * Start-up with an earlier round does not wait for the diff since that round
 * (the start-up budget of review rounds, bench/roundsBench.mjs): on a real repository with round 1 sent, the
 * since-round reading is held at its edge (CliIo.sinceRoundGate: the real
 * reading runs, its result is held), and the link is printed while it is
 * held; the page's first requests (the link's page, the review) wait for that
 * one reading and get the round view, and it is read once. A reading that
 * fails answers the page with the whole change and no since-round diff
 * (the page then asks round-changes: today's rule).
 */
import { describe, expect, it } from 'vitest';
import { API, LINK_HEADER, SESSION_HEADER, type ReviewData, type SinceRoundData } from '@redline/core';
import { runCli } from '../main.js';
import { captureIo } from '../../testSupport/capturedIo.js';
import { httpCall, type HttpAnswer } from '../../testSupport/httpClient.js';
import { repoWithOneThread } from '../../testSupport/reviewRounds.js';
import type { TestRepo } from '../../testSupport/gitRepo.js';

const REVIEW_URL_RE = /Review: (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{64}))\n/;

/**
 * Holds each since-round reading's result until `release(outcome)`; `read`
 * resolves once the real reading is done; `startedAfterLink` says whether the
 * link was on stderr when the reading began (the gate is handed the reading
 * as it starts).
 */
function heldGate(stderr: () => string) {
  let calls = 0;
  let startedAfterLink: boolean | null = null;
  let readDone!: () => void;
  const read = new Promise<void>((resolve) => (readDone = resolve));
  let release!: (outcome: 'pass' | 'fail') => void;
  const released = new Promise<'pass' | 'fail'>((resolve) => (release = resolve));
  const gate = async (reading: Promise<SinceRoundData | undefined>) => {
    calls++;
    startedAfterLink ??= REVIEW_URL_RE.test(stderr());
    const result = await reading;
    readDone();
    if ((await released) === 'fail') throw new Error('planted since-round failure');
    return result;
  };
  return { gate, read, release, calls: () => calls, startedAfterLink: () => startedAfterLink };
}

/** Settles with the answer; `pending()` is true until it does. */
function watch(answer: Promise<HttpAnswer>) {
  let settled = false;
  void answer.finally(() => (settled = true)).catch(() => undefined);
  return { answer, pending: () => !settled };
}

async function startHeld(repo: TestRepo) {
  const base = captureIo(repo.dir);
  const held = heldGate(() => base.err());
  const io = { ...base, sinceRoundGate: held.gate };
  const exit = runCli(['--no-open', '--json'], io);
  const match = await Promise.race([io.waitForStderr(REVIEW_URL_RE), exit.then((code) => Promise.reject(new Error(`exit ${code}: ${io.err()}`)))]);
  const [, url, port, token] = match as unknown as [string, string, string, string];
  const u = new URL(url);
  const page = watch(httpCall({ port: Number(port), path: u.pathname + u.search }));
  const grant = await httpCall({ port: Number(port), method: 'POST', path: API.session, headers: { origin: u.origin, [LINK_HEADER]: token } });
  expect(grant.status, grant.text).toBe(200);
  const auth = { [SESSION_HEADER]: grant.json<{ session: string }>().session };
  const review = watch(httpCall({ port: Number(port), path: API.review, headers: auth }));
  const finish = async () => {
    const sent = await httpCall({ port: Number(port), method: 'POST', path: API.feedback, headers: { ...auth, origin: u.origin, 'content-type': 'application/json' }, body: JSON.stringify({ verdict: 'request-changes', summary: '', annotations: [] }) });
    expect(sent.status, sent.text).toBe(200);
    expect(await exit, io.err()).toBe(0);
  };
  return { held, io, page, review, finish };
}

describe('start-up with an earlier round, the since-round diff still being read', () => {
  it('prints the link before the since-round reading is in; the first requests wait for it, read once, and get the round view', async () => {
    const repo = await repoWithOneThread();
    repo.write('a.txt', 'ONE\nTWO\n');
    repo.write('b.txt', 'new\n');
    const { held, page, review, finish } = await startHeld(repo);
    // The link is out while the reading is held: wait until the real reading is done, then a little more.
    await held.read;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(page.pending(), 'the link\'s page went out before the since-round diff was in').toBe(true);
    expect(review.pending(), 'the review went out before the since-round diff was in').toBe(true);
    held.release('pass');
    const [html, answer] = await Promise.all([page.answer, review.answer]);
    expect(html.status).toBe(200);
    expect(html.text).toContain('data-round-view="since"');
    const data = answer.json<ReviewData>();
    expect(data.rounds?.threads.map((thread) => thread.id)).toEqual(['c1']);
    expect(data.sinceRound).toMatchObject({ round: 1, changedPaths: ['a.txt', 'b.txt'] });
    expect(held.calls(), 'the since-round diff was read more than once').toBe(1);
    // Its git runs held the link back (50-70 ms on 20 files at load 1.6): they start once the link is out.
    expect(held.startedAfterLink(), 'the since-round reading started before the link was printed').toBe(true);
    await finish();
  }, 60_000);

  it('a since-round reading that fails answers the page with the whole change, rounds and threads, and no since-round diff', async () => {
    const repo = await repoWithOneThread();
    repo.write('a.txt', 'ONE\nTWO\n');
    const { held, page, review, finish } = await startHeld(repo);
    await held.read;
    held.release('fail');
    const [html, answer] = await Promise.all([page.answer, review.answer]);
    expect(html.status).toBe(200);
    expect(html.text).toContain('id="redline-first-screen"');
    expect(html.text).not.toContain('data-round-view');
    expect(answer.status, answer.text).toBe(200);
    const data = answer.json<ReviewData>();
    expect(data.sinceRound).toBeUndefined();
    expect(data.rounds?.rounds.map((round) => round.number)).toEqual([1]);
    expect(data.files.map((file) => file.path)).toEqual(['a.txt']);
    await finish();
  }, 60_000);
});
