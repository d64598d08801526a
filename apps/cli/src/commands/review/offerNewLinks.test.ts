/**
 * Getting back into a review: a spent link's answer
 * says how to get a new one; Enter in the terminal running redline prints a
 * fresh single-use link for the same session; a pipe on stdin (an agent)
 * never gets one. In-process with a stdin flagged as a terminal, and in a
 * real pseudo-terminal (util-linux `script`) against the built CLI.
 */
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, LINK_HEADER } from '@redline/core';
import { signIn } from '../../../testSupport/browserSession.js';
import { buildCli, CLI_BIN as BIN } from '../../../testSupport/buildCli.js';
import { captureIo } from '../../../testSupport/capturedIo.js';
import { makeRepo, type TestRepo } from '../../../testSupport/gitRepo.js';
import { httpCall } from '../../../testSupport/httpClient.js';
import { makeStubAppDir } from '../../../testSupport/stubApp.js';
import { runCli } from '../../main.js';

const LINK_RE = /http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64}/;
const NEW_LINK_RE = new RegExp(`New review link \\(works once\\): (${LINK_RE.source})\\r?\\n`);
const newLinks = (text: string) => [...text.matchAll(new RegExp(NEW_LINK_RE, 'g'))].length;
const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

function changedRepo(): TestRepo {
  const repo = makeRepo({ commit: { 'a.ts': 'export const a = 1;\n' } });
  repo.write('a.ts', 'export const a = 2;\n');
  repos.push(repo);
  return repo;
}

/** Opens a link as a browser would: the review page, or the spent-link page. */
async function openLink(url: string) {
  const { port, pathname, search } = new URL(url);
  return httpCall({ port: Number(port), path: pathname + search });
}

async function exchange(url: string) {
  const { port, origin, searchParams } = new URL(url);
  return httpCall({ port: Number(port), method: 'POST', path: API.session, headers: { origin, [LINK_HEADER]: searchParams.get('token')! } });
}

describe('a new review link from the terminal', () => {
  it('Enter prints a fresh single-use link for the same session; spent links say how to get one', async () => {
    const repo = changedRepo();
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const io = { ...captureIo(repo.dir), stdin };
    const exit = runCli(['--no-open'], io);
    const first = (await io.waitForStderr(/Review: (\S+)\n/))[1]!;
    await io.waitForStderr(/Waiting for your review \(Enter: a new review link; Ctrl-C to stop\)/);
    const auth = await signIn(first);

    const spent = await openLink(first);
    expect(spent.status).toBe(403);
    expect(spent.text).toMatch(/run (&#39;|')redline open(&#39;|') in your terminal for a new link/);
    expect((await exchange(first)).json<{ error: { message: string } }>().error.message).toMatch(/This review link was already used\. It was used by .* at \d\d:\d\d:\d\d/);

    stdin.write('\n');
    const second = (await io.waitForStderr(NEW_LINK_RE))[1]!;
    expect(second).not.toBe(first);
    expect(new URL(second).origin).toBe(new URL(first).origin);
    expect((await openLink(second)).status).toBe(200);
    const granted = await exchange(second);
    expect(granted.status).toBe(200);
    // The same secret: the tab signed in with the first link keeps working.
    expect(granted.json<{ session: string }>().session).toBe(Object.values(auth)[0]);
    expect((await httpCall({ port: Number(new URL(first).port), path: API.review, headers: auth })).status).toBe(200);
    // Each link works once; the old one stays spent.
    expect((await exchange(second)).status).toBe(401);
    expect((await exchange(first)).status).toBe(401);

    stdin.write('\n\n');
    await expect.poll(() => newLinks(io.err())).toBe(3);
    io.interrupt();
    expect(await exit).toBe(130);
  });

  it('a pipe on stdin is never read: no link, and Enter is not offered', async () => {
    const repo = changedRepo();
    const stdin = new PassThrough();
    const io = { ...captureIo(repo.dir), stdin };
    const exit = runCli(['--no-open'], io);
    await io.waitForStderr(/Waiting for your review \(Ctrl-C to stop\)/);
    stdin.write('\n\n');
    await new Promise((done) => setTimeout(done, 200));
    expect(io.err()).not.toMatch(/New review link/);
    io.interrupt();
    expect(await exit).toBe(130);
  });
});

describe('in a real pseudo-terminal (util-linux script)', () => {
  beforeAll(() => {
    expect(buildCli()).toBe(true);
  }, 120_000);

  it('Enter typed at the terminal prints a new link', async () => {
    const repo = changedRepo();
    // script gives redline a terminal for stdin, stdout and stderr, and copies what it prints to our pipe.
    const child = spawn('script', ['-qfec', `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} --no-open`, '/dev/null'], {
      cwd: repo.dir,
      env: { ...process.env, REDLINE_APP_DIR: makeStubAppDir(), BROWSER: '' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise((done) => child.on('close', done));
    try {
      await expect.poll(() => output, { timeout: 20_000 }).toContain('Enter: a new review link');
      child.stdin.write('\r');
      await expect.poll(() => newLinks(output), { timeout: 10_000 }).toBe(1);
    } finally {
      child.stdin.write('\x03'); // Ctrl-C, through the terminal
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000))]);
      child.kill('SIGKILL');
    }
  }, 40_000);
});
