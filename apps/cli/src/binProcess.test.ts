/**
 * The real `redline` process (node apps/cli/bin/redline.js, built with
 * `tsc -b apps/cli`): its stdout through a pipe is exactly the export, and
 * failures are one line on stderr with the documented exit code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { API, type FeedbackResult } from '@redline/core';
import { signInAsPage } from '../testSupport/browserSession.js';
import { buildCli, CLI_BIN } from '../testSupport/buildCli.js';
import { makeRepo, makeTempDir } from '../testSupport/gitRepo.js';
import { spawnInTerminal } from '../testSupport/inTerminal.mjs';
import { makeStubAppDir } from '../testSupport/stubApp.js';

const BIN = CLI_BIN;

beforeAll(() => {
  expect(buildCli()).toBe(true);
}, 120_000);

/** redline run by a person: stderr on a terminal (where the link is printed), stdout a pipe. */
function startBin(args: string[], cwd: string) {
  const run = spawnInTerminal(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, REDLINE_APP_DIR: makeStubAppDir(), BROWSER: '' } });
  const reviewUrl = run.waitForTerminal(/Review: (\S+)\n/).then((match) => match[1]!);
  reviewUrl.catch(() => undefined); // awaited only by the tests that expect a review
  return { child: run, exited: run.exited, reviewUrl, stdout: run.stdoutText, stderr: run.terminalText };
}

describe('node apps/cli/bin/redline.js', () => {
  it('prints exactly the feedback on stdout and exits 0', async () => {
    const repo = makeRepo({ commit: { 'a.txt': 'one\n' } });
    repo.write('a.txt', 'two\n');
    const run = startBin(['--no-open'], repo.dir);
    const page = await signInAsPage(await run.reviewUrl);
    await page.get(API.review);
    const result = (await page.post(API.feedback, { verdict: 'approve', summary: 'Fine.', annotations: [] })).json<FeedbackResult>();
    expect(await run.exited).toBe(0);
    expect(run.stdout()).toBe(result.output);
    expect(run.stdout().startsWith('# Code review feedback')).toBe(true);
    repo.cleanup();
  });

  it('exits 130 on SIGINT with one line and an empty stdout', async () => {
    const repo = makeRepo({ commit: { 'a.txt': 'one\n' } });
    repo.write('b.txt', 'new\n');
    const run = startBin(['--no-open'], repo.dir);
    await run.reviewUrl;
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(130);
    expect(run.stdout()).toBe('');
    expect(run.stderr()).toMatch(/Review interrupted/);
    repo.cleanup();
  });

  it('a usage error and "not a git repository" are one line each, no stack trace', async () => {
    const usage = startBin(['--nope'], makeTempDir());
    expect(await usage.exited).toBe(2);
    expect(usage.stderr()).toBe("redline: unknown option '--nope' (see 'redline --help')\n");
    const notRepo = startBin(['--no-open'], makeTempDir());
    expect(await notRepo.exited).toBe(1);
    expect(notRepo.stderr().trimEnd().split('\n')).toHaveLength(1);
    expect(notRepo.stderr()).toMatch(/^redline: not a git repository/);
    expect(notRepo.stdout()).toBe('');
  });
});
