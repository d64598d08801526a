/**
 * The real `redline` process (node apps/cli/bin/redline.js, built with
 * `tsc -b apps/cli`): its stdout through a pipe is exactly the export, and
 * failures are one line on stderr with the documented exit code.
 */
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, type FeedbackResult } from '@redline/core';
import { signInAsPage } from '../testSupport/browserSession.js';
import { buildCli, CLI_BIN } from '../testSupport/buildCli.js';
import { makeRepo, makeTempDir } from '../testSupport/gitRepo.js';
import { makeStubAppDir } from '../testSupport/stubApp.js';

const BIN = CLI_BIN;

beforeAll(() => {
  expect(buildCli()).toBe(true);
}, 120_000);

function startBin(args: string[], cwd: string) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, REDLINE_APP_DIR: makeStubAppDir(), BROWSER: '' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number>((done) => child.on('close', (code, signal) => done(code ?? (signal ? 128 : -1))));
  const reviewUrl = new Promise<string>((done, fail) => {
    child.stderr.on('data', () => {
      const match = /Review: (\S+)\n/.exec(stderr);
      if (match) done(match[1]!);
    });
    void exited.then((code) => fail(new Error(`exited ${code}: ${stderr}`)));
  });
  reviewUrl.catch(() => undefined); // awaited only by the tests that expect a review
  return { child, exited, reviewUrl, stdout: () => stdout, stderr: () => stderr };
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
