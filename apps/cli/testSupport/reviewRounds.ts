/** Rounds of a real review, for the tests: Send through the real server, read with the commands, hash what must not change. */
import { expect } from 'vitest';
import { API, type ReviewData } from '@redline/core';
import { runCli } from '../src/main.js';
import { signInAsPage, type PageSession } from './browserSession.js';
import { captureIo } from './capturedIo.js';
import { makeRepo, type TestRepo } from './gitRepo.js';

// In its own file so the e2e tests use it too (vitest's expect is imported here).
export { repositoryFacts } from './repositoryFacts.js';

const REVIEW_URL_RE = /Review: (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64})\n/;

export async function sendRound(
  dir: string,
  body: (data: ReviewData) => Record<string, unknown>,
  args: string[] = [],
  probe: (page: PageSession, data: ReviewData) => Promise<void> = async () => undefined,
  format: 'json' | 'markdown' = 'json',
): Promise<{ stderr: string; stdout: string; data: ReviewData }> {
  const io = captureIo(dir);
  const exit = runCli(['--no-open', ...(format === 'json' ? ['--json'] : []), ...args], io);
  const match = await Promise.race([io.waitForStderr(REVIEW_URL_RE), exit.then((code) => Promise.reject(new Error(`exit ${code}: ${io.err()}`)))]);
  const page = await signInAsPage(match[1]!);
  const data = (await page.get(API.review)).json<ReviewData>();
  await probe(page, data);
  const answer = await page.post(API.feedback, body(data));
  expect(answer.status, answer.text).toBe(200);
  expect(await exit, io.err()).toBe(0);
  return { stderr: io.err(), stdout: io.out(), data };
}

export async function runRead(dir: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(dir);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

/** A repository with one round sent: a comment `c1` on line 2 of a.txt, the thread the agent's acts answer. */
export async function repoWithOneThread(): Promise<TestRepo> {
  const repo = makeRepo({ commit: { 'a.txt': 'one\ntwo\n' } });
  repo.write('a.txt', 'one\nTWO\n');
  await sendRound(repo.dir, () => ({
    verdict: 'request-changes',
    summary: '',
    annotations: [{ id: 'c1', kind: 'comment', scope: 'line', path: 'a.txt', side: 'new', startLine: 2, endLine: 2, text: 'why?', createdAt: '2026-01-01T00:00:00.000Z' }],
  }));
  return repo;
}
