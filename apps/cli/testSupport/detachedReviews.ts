/**
 * For a test file that runs real detached reviews (`redline start`): the
 * environment (a stub page, no browser), the CLI built before the file's
 * tests, and after them every server it started killed and every
 * repository removed. Call it once at the top of the file.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { isProcessAlive } from '../src/sessions/isProcessAlive.js';
import { runRedline, type CliRun } from './agentSession.js';
import { buildCli } from './buildCli.js';
import type { TestRepo } from './gitRepo.js';
import { makeStubAppDir } from './stubApp.js';

export interface DetachedReviews {
  env: NodeJS.ProcessEnv;
  /** The pids of the servers started: killed after the file. */
  started: number[];
  /** The repositories made: removed after the file. */
  repos: TestRepo[];
  /** `redline ARGS` in the repository, with that environment. */
  redline(args: string[], repo: TestRepo): Promise<CliRun>;
}

export function detachedReviews(): DetachedReviews {
  const env = { ...process.env, REDLINE_APP_DIR: makeStubAppDir(), BROWSER: '' };
  const reviews: DetachedReviews = { env, started: [], repos: [], redline: (args, repo) => runRedline(args, repo.dir, env) };
  beforeAll(() => {
    expect(buildCli()).toBe(true);
  }, 120_000);
  afterAll(() => {
    for (const pid of reviews.started) if (isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
    for (const repo of reviews.repos.splice(0)) repo.cleanup();
  });
  return reviews;
}
