/**
 * No failed write takes the agent session's server down. The real
 * `redline start` server, in a repository whose `.git` becomes read-only (a
 * read-only bind mount) or whose `.git/redline` is a full disk (a 1 MiB
 * tmpfs): the next draft save gets a clear 500 answer (write-failed) naming the cause,
 * the server keeps answering (its own log append fails too), and `redline
 * start` on a read-only `.git` says so in one line. Mounting needs root; the
 * tests say they were skipped otherwise.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, type ApiError, type DraftData, type ReviewData } from '@redline/core';
import { runRedline, startSession } from '../../../testSupport/agentSession.js';
import { signInAsPage, type PageSession } from '../../../testSupport/browserSession.js';
import { buildCli } from '../../../testSupport/buildCli.js';
import { makeRepo, type TestRepo } from '../../../testSupport/gitRepo.js';
import { httpCall } from '../../../testSupport/httpClient.js';
import { makeStubAppDir } from '../../../testSupport/stubApp.js';
import { isProcessAlive } from '../../sessions/isProcessAlive.js';

const ENV = { ...process.env, REDLINE_APP_DIR: makeStubAppDir(), BROWSER: '' };
const started: number[] = [];
const mounts: string[] = [];

function canMount(): boolean {
  const probe = join(makeRepo().dir, 'probe');
  mkdirSync(probe);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const MOUNTS = canMount();
if (!MOUNTS) console.warn('write failures: mount is not permitted here (not root?); the read-only and full-disk tests are skipped');

function mount(args: string[], dir: string): void {
  execFileSync('mount', [...args, dir], { stdio: 'ignore' });
  mounts.push(dir);
}
/** A read-only view of `dir` over itself. */
function makeReadOnly(dir: string): void {
  mount(['--bind', dir], dir);
  execFileSync('mount', ['-o', 'remount,bind,ro', dir], { stdio: 'ignore' });
}

beforeAll(() => {
  expect(buildCli()).toBe(true);
}, 120_000);
afterEach(() => {
  for (const dir of mounts.splice(0).reverse()) execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
});
afterAll(() => {
  for (const pid of started) if (isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
});

function changedRepo(): TestRepo {
  const repo = makeRepo({ commit: { 'a.txt': 'one\n' } });
  repo.write('a.txt', 'two\n');
  return repo;
}

async function startAndSignIn(repo: TestRepo): Promise<{ page: PageSession; pid: number; review: ReviewData }> {
  const { url, pid } = await startSession(repo.dir, ENV);
  started.push(pid);
  const page = await signInAsPage(url);
  const review = (await page.get(API.review)).json<ReviewData>();
  return { page, pid, review };
}

function putDraft(page: PageSession, review: ReviewData, summary: string) {
  const draft: DraftData = {
    version: 2,
    fingerprint: review.fingerprint,
    annotations: [],
    viewed: {},
    summary,
    composer: null,
    updatedAt: new Date().toISOString(),
  };
  return httpCall({
    port: page.port,
    method: 'PUT',
    path: API.draft,
    headers: { ...page.auth, origin: page.origin, 'content-type': 'application/json' },
    body: JSON.stringify(draft),
  });
}

/** The server still answers, twice, a second after the failure (a crash would have closed it by then). */
async function expectStillServing(page: PageSession, pid: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(isProcessAlive(pid)).toBe(true);
  expect((await page.get(API.review)).status).toBe(200);
  expect((await page.get(API.review)).status).toBe(200);
}

describe.skipIf(!MOUNTS)('write failures in the agent session server', () => {
  it('a read-only .git: the draft save gets a clear error, the log append fails quietly, the server keeps serving', async () => {
    const repo = changedRepo();
    const { page, pid, review } = await startAndSignIn(repo);
    expect((await putDraft(page, review, 'first')).status).toBe(200);
    makeReadOnly(join(repo.dir, '.git'));
    const refused = await putDraft(page, review, 'second');
    expect(refused.status).toBe(500);
    const { error } = refused.json<ApiError>();
    expect(error.code).toBe('write-failed');
    expect(error.message).toMatch(/could not save the draft in .*: read-only file system/);
    await expectStillServing(page, pid);
  });

  it('a full disk: the draft save gets a clear error, the server keeps serving and saves again once there is room', async () => {
    const repo = changedRepo();
    const state = join(repo.dir, '.git', 'redline');
    mkdirSync(state, { mode: 0o700 });
    mount(['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs'], state);
    const { page, pid, review } = await startAndSignIn(repo);
    const filler = join(state, 'filler');
    try {
      execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=64k', 'count=64'], { stdio: 'ignore' });
    } catch {
      // dd stops at ENOSPC: the disk is full, as wanted
    }
    const refused = await putDraft(page, review, 'x'.repeat(200_000));
    expect(refused.status).toBe(500);
    expect(refused.json<ApiError>().error.message).toMatch(/could not save the draft in .*: no space left on the device/);
    await expectStillServing(page, pid);
    writeFileSync(filler, '');
    expect((await putDraft(page, review, 'room again')).status).toBe(200);
  });

  it('redline start on a read-only .git says so in one line', async () => {
    const repo = changedRepo();
    makeReadOnly(join(repo.dir, '.git'));
    const run = await runRedline(['start', '--no-open'], repo.dir, ENV);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(/unexpected error|ENOENT/);
    expect(run.stderr).toMatch(/^redline start: could not keep the review's state in .*\.git\/redline: read-only file system/m);
  });
});
