/**
 * Bad input for `redline <PR URL>` through the real CLI against the contract
 * forge: each is one line on stderr and an exit code of the table, and the
 * token appears nowhere (stdout, stderr, the clone's .git).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../testSupport/capturedIo.js';
import { FORGE_TOKEN, makePullRequestFixture, PULL_URL, type PullRequestFixture } from '../../testSupport/githubContract/pullRequestFixture.js';
import { makeTempDir } from '../../testSupport/gitRepo.js';
import { runCli } from '../main.js';

let fixture: PullRequestFixture;
beforeAll(async () => {
  fixture = await makePullRequestFixture(makeTempDir);
});
afterAll(() => fixture.forge.close());

async function run(args: string[], env: NodeJS.ProcessEnv = fixture.env): Promise<{ code: number; stderr: string; stdout: string }> {
  const io = captureIo(fixture.clone.dir, { env });
  const code = await runCli(['--no-open', ...args], io);
  return { code, stderr: io.err(), stdout: io.out() };
}

/** Every file under a directory, as bytes joined (the token must be in none). */
function everyFileUnder(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => readFileSync(path, 'latin1'))
    .join('\n');
}

describe('redline <pull request URL>: bad input', () => {
  it.each([
    ['another host', ['https://gitlab.com/octo/widgets/pull/7'], { GITHUB_API_URL: undefined }, 2, 'redline: gitlab.com is not a GitHub host redline knows: for GitHub Enterprise set GITHUB_API_URL=https://gitlab.com/api/v3'],
    ['another host than GITHUB_API_URL', ['https://github.acme.io/octo/widgets/pull/7'], {}, 2, 'redline: the pull request is on github.acme.io, but GITHUB_API_URL names the API of 127.0.0.1:'],
    ['a malformed URL', ['https://github.com/octo/widgets/issues/7'], {}, 2, 'redline: not a pull request URL: "https://github.com/octo/widgets/issues/7" (a "issues" page, not a pull request; expected https://HOST/OWNER/REPO/pull/N)'],
    ['a bad number', ['pr', 'seven'], {}, 2, "redline: redline pr takes a pull request number, got 'seven'"],
    ['a pull request that does not exist', ['https://github.com/octo/widgets/pull/99'], {}, 1, 'redline: pull request octo/widgets#99 not found on github.com (404; a private repository the token from GH_TOKEN cannot see looks the same)'],
    ['no token', [PULL_URL], { GH_TOKEN: undefined }, 1, 'redline: no GitHub token for github.com: set GH_TOKEN or GITHUB_TOKEN, or log in with the GitHub CLI (gh auth login)'],
    ['a wrong token', [PULL_URL], { GH_TOKEN: 'ghp_notTheOne' }, 1, 'redline: GitHub refused the token from GH_TOKEN (401: Bad credentials'],
  ])('%s: one line, exit %i', async (_what, args, envChange, exitCode, line) => {
    const { code, stderr, stdout } = await run(args, { ...fixture.env, ...envChange });
    expect(code).toBe(exitCode);
    expect(stderr.split('\n').filter(Boolean)).toEqual([expect.stringContaining(line)]);
    expect(stderr.startsWith(line)).toBe(true);
    expect(stdout).toBe('');
  });

  it('a token without the scope, and rate limits with the time to wait', async () => {
    fixture.forge.refuse({ status: 403, message: 'Resource not accessible by personal access token' });
    const forbidden = await run([PULL_URL]);
    expect(forbidden).toMatchObject({ code: 1, stdout: '' });
    expect(forbidden.stderr).toMatch(/^redline: the token from GH_TOKEN may not do this on octo\/widgets \(403: Resource not accessible by personal access token[^\n]*\): it needs the repo scope \(or "Pull requests" access\)\n$/);
    fixture.forge.refuse({ status: 403, message: 'API rate limit exceeded', headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600) } });
    const limited = await run([PULL_URL]);
    expect(limited.code).toBe(1);
    expect(limited.stderr).toMatch(/^redline: GitHub's rate limit is reached \(403\): try again in (60 min|1 h 0 min) \(at \d\d:\d\d UTC\)\n$/);
    fixture.forge.refuse({ status: 429, message: 'secondary rate limit', headers: { 'retry-after': '30' } });
    const secondary = await run([PULL_URL]);
    expect(secondary.stderr).toMatch(/^redline: GitHub's rate limit is reached \(429\): try again in 30 s \(at \d\d:\d\d UTC\)\n$/);
    fixture.forge.refuse(undefined);
  });

  it('never prints the token or writes it into the repository, a failing request included', async () => {
    fixture.forge.refuse({ status: 500, message: `echo of ${FORGE_TOKEN}` });
    const failed = await run([PULL_URL]);
    fixture.forge.refuse(undefined);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('[token]');
    const wrong = await run([PULL_URL], { ...fixture.env, GH_TOKEN: `${FORGE_TOKEN}x` });
    expect(wrong.code).toBe(1);
    // And a review that opened (its draft, session and refs written), then stopped.
    const io = captureIo(fixture.clone.dir, { env: fixture.env });
    const opened = runCli(['--no-open', PULL_URL], io);
    await io.waitForStderr(/Waiting for your review/);
    io.interrupt('SIGINT');
    expect(await opened).toBe(130);
    for (const text of [failed.stderr, failed.stdout, wrong.stderr, wrong.stdout, io.err(), io.out(), everyFileUnder(join(fixture.clone.dir, '.git'))]) {
      expect(text).not.toContain(FORGE_TOKEN);
    }
    // The token did reach the forge, as the Authorization header only.
    expect(fixture.forge.requests.length).toBeGreaterThan(0);
  });
});
