/**
 * The session verbs as an agent runs them: the real `redline` process
 * (node apps/cli/bin/redline.js, built with `tsc -b apps/cli`) in real
 * repositories, the reviewer played over HTTP as the page does. `start`
 * returns at once and its server outlives it; `wait` exits 4 while the
 * review is open and 0 with exactly the export once it is sent; a second
 * review in the same repository is refused; a server that dies makes `wait`
 * exit 1 at once; a session of another repository is refused.
 */
import { cpSync, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type FeedbackResult } from '@redline/core';
import { runRedline, startSession, type CliRun, type StartedSession } from '../../../testSupport/agentSession.js';
import { signInAsPage } from '../../../testSupport/browserSession.js';
import { buildCli } from '../../../testSupport/buildCli.js';
import { makeRepo, type TestRepo } from '../../../testSupport/gitRepo.js';
import { makeStubAppDir } from '../../../testSupport/stubApp.js';
import { isProcessAlive } from '../../sessions/isProcessAlive.js';

const ENV = { ...process.env, REDLINE_APP_DIR: makeStubAppDir(), BROWSER: '' };
const started: number[] = [];

beforeAll(() => {
  expect(buildCli()).toBe(true);
}, 120_000);
afterAll(() => {
  for (const pid of started) if (isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
});

const redline = (args: string[], cwd: string): Promise<CliRun> => runRedline(args, cwd, ENV);

function changedRepo(): TestRepo {
  const repo = makeRepo({ commit: { 'a.txt': 'one\n' } });
  repo.write('a.txt', 'two\n');
  return repo;
}

async function start(repo: TestRepo): Promise<StartedSession> {
  const session = await startSession(repo.dir, ENV);
  started.push(session.pid);
  // The agent that ran start holds no link; the reviewer gets one in their own terminal.
  expect(session.run.stdout + session.run.stderr).not.toMatch(/token=/);
  return session;
}

const sessionsDir = (repo: TestRepo) => join(repo.dir, '.git', 'redline', 'sessions');

describe('redline start, wait, status, stop', () => {
  it('start returns at once; wait exits 4 while open, then 0 with exactly the export; one review per repository', async () => {
    const repo = changedRepo();
    const { session, pid, port, url, run } = await start(repo);
    expect(run.ms).toBeLessThan(15_000);
    expect(isProcessAlive(pid)).toBe(true);
    expect(run.stderr).toMatch(/^Uncommitted changes \(working tree against HEAD\): 1 file, \+1 -1$/m);

    // Recorded 0700/0600; the agent key is in its own file, in no output.
    const folder = join(sessionsDir(repo), session);
    expect(statSync(sessionsDir(repo)).mode & 0o777).toBe(0o700);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    for (const name of readdirSync(folder)) expect(statSync(join(folder, name)).mode & 0o777, name).toBe(0o600);
    const status = await redline(['status', '--json'], repo.dir);
    expect(JSON.parse(status.stdout)).toMatchObject({ session, state: 'open', pid, port, live: { linkOpened: null, files: 1 } });
    const token = new URL(url).searchParams.get('token')!;
    expect(status.stdout + run.stdout).not.toContain(token);

    const open = await redline(['wait', '--timeout', '1'], repo.dir);
    expect(open).toMatchObject({ code: 4, stdout: '' });
    for (const second of [['start', '--no-open'], ['--no-open']]) {
      const refused = await redline(second, repo.dir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`a review is already open in this repository (pid ${pid}, port ${port})`);
    }

    const page = await signInAsPage(url);
    const waiting = redline(['wait', '--timeout', '30'], repo.dir);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = await page.post(API.feedback, { verdict: 'approve', summary: 'Ship it.', annotations: [] });
    const done = await waiting;
    expect(done.code, done.stderr).toBe(0);
    // Exactly what plain `redline` prints: the markdown (start's --json was for its own answer), the copy apply reads.
    const copy = /^Feedback sent; a copy is in (.*\/\.git\/redline\/reviews\/[^/]+\.md)$/m.exec(done.stderr)![1]!;
    expect(done.stdout).toBe(readFileSync(copy, 'utf8'));
    expect(done.stdout).toMatch(/^# Code review feedback\n/);
    expect(sent.json<FeedbackResult>().format).toBe('json');
    expect(existsSync(folder)).toBe(false);
    expect(await redline(['wait'], repo.dir)).toMatchObject({ code: 1, stderr: "redline wait: no review session in this repository; start one with 'redline start'\n" });
  });

  it('wait --json on a review closed without feedback: exit 3 and the closed decision', async () => {
    const repo = changedRepo();
    const { url } = await start(repo);
    const page = await signInAsPage(url);
    expect((await page.post(API.close, {})).status).toBe(200);
    const closed = await redline(['wait', '--json', '--timeout', '10'], repo.dir);
    expect(closed.code).toBe(3);
    expect(JSON.parse(closed.stdout)).toEqual({ format: 'redline-feedback', version: 3, decision: 'closed' });
  });

  it('a server that dies while an agent waits makes wait exit 1 at once with one line, and cleans the session up', async () => {
    const repo = changedRepo();
    const { pid } = await start(repo);
    const waiting = redline(['wait', '--timeout', '60'], repo.dir);
    await new Promise((resolve) => setTimeout(resolve, 500));
    process.kill(pid, 'SIGKILL');
    const gone = await waiting;
    expect(gone.code).toBe(1);
    expect(gone.ms).toBeLessThan(10_000);
    expect(gone.stderr.trim().split('\n')).toHaveLength(1);
    expect(gone.stderr).toMatch(/^redline wait: the review server \(pid \d+, port \d+\) (stopped answering|is gone) before the reviewer sent feedback/);
    // wait cleaned it up: nothing is left to wait on, and a new review may start.
    expect(readdirSync(sessionsDir(repo))).toEqual([]);
    expect(await redline(['status'], repo.dir)).toMatchObject({ code: 1 });
    expect((await start(repo)).pid).not.toBe(pid);
    expect((await redline(['stop'], repo.dir)).code).toBe(0);
  });

  it('status reports a session whose server is gone as ended, once, and cleans it up', async () => {
    const repo = changedRepo();
    const { pid, session } = await start(repo);
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => isProcessAlive(pid)).toBe(false);
    const ended = await redline(['status', '--json'], repo.dir);
    expect(ended.code).toBe(0);
    expect(JSON.parse(ended.stdout)).toMatchObject({ session, state: 'ended', live: null });
    expect(await redline(['status'], repo.dir)).toMatchObject({ code: 1 });
  });

  it('stop ends the review (its server exits) and removes the session; status then finds none', async () => {
    const repo = changedRepo();
    const { pid } = await start(repo);
    const stopped = await redline(['stop'], repo.dir);
    expect(stopped).toMatchObject({ code: 0, stderr: `Review stopped (pid ${pid}); the draft is kept.\n` });
    expect(isProcessAlive(pid)).toBe(false);
    expect(await redline(['status'], repo.dir)).toMatchObject({ code: 1 });
  });

  it("wait refuses a session recorded for another repository", async () => {
    const mine = changedRepo();
    const other = changedRepo();
    const { session } = await start(other);
    cpSync(sessionsDir(other), sessionsDir(mine), { recursive: true });
    const refused = await redline(['wait', '--timeout', '0'], mine.dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`redline wait: review session ${session} belongs to another repository`);
    expect((await redline(['stop'], other.dir)).code).toBe(0);
  });

  it('refuses bad arguments as usage errors and --patch - for start', async () => {
    const repo = changedRepo();
    expect(await redline(['wait', '--timeout', 'soon'], repo.dir)).toMatchObject({ code: 2 });
    expect((await redline(['status', 'extra'], repo.dir)).stderr).toBe("redline status: redline status takes no arguments, got 'extra' (see 'redline status --help')\n");
    expect(await redline(['start', '--patch', '-'], repo.dir)).toMatchObject({ code: 2 });
    expect((await redline(['wait', '--help'], repo.dir)).stdout).toContain('4    still open when --timeout passed');
  });
});
