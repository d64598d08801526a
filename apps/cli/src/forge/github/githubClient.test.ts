/**
 * The GitHub client against the contract forge: each call keeps GitHub's
 * published contract (no violation recorded), pages are followed, and each
 * refusal is one line with its code, never holding the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { startGitHubContract, type GitHubContractServer } from '../../../testSupport/githubContract/githubContractServer.js';
import { contractPull, type ContractThread } from '../../../testSupport/githubContract/contractState.js';
import { createGitHubClient, createPullReview, getPullRequest, listPullReviews, listUnresolvedThreads } from './githubClient.js';
import type { PullRequestRef } from './pullRequestUrl.js';
import { RedlineError } from '../../errors.js';

const TOKEN = 'ghp_clientTestToken1111111111111111111';
const BASE = 'a'.repeat(40);
const HEAD = 'b'.repeat(40);
const ref: PullRequestRef = { host: 'github.com', owner: 'octo', repo: 'widgets', number: 7 };

function thread(index: number): ContractThread {
  return {
    id: `T${index}`,
    path: `src/f${index}.ts`,
    line: index % 10 === 0 ? null : index,
    startLine: null,
    side: 'RIGHT',
    isResolved: index % 3 === 0,
    isOutdated: index % 10 === 0,
    comments: [{ author: `user${index}`, body: `thread ${index}`, createdAt: '2026-01-02T03:04:05Z' }],
  };
}

let forge: GitHubContractServer;
beforeAll(async () => {
  const pulls = new Map([
    [7, contractPull({ number: 7, title: 'Add widgets', base: { ref: 'main', sha: BASE, repo: 'octo/widgets' }, head: { ref: 'feature', sha: HEAD, repo: 'octo/widgets' }, threads: Array.from({ length: 120 }, (_, i) => thread(i + 1)) })],
    [8, contractPull({ number: 8, base: { ref: 'main', sha: BASE, repo: 'octo/widgets' }, head: { ref: 'patch-1', sha: HEAD, repo: 'fan/widgets' } })],
  ]);
  pulls.get(7)!.reviews.push(
    ...Array.from({ length: 130 }, (_, i) => ({ id: i + 1, author: 'mona', body: `r${i}`, state: 'COMMENTED' as const, commitId: HEAD, submittedAt: '2026-01-02T03:04:05Z', comments: [] })),
  );
  forge = await startGitHubContract({ state: { owner: 'octo', repo: 'widgets', login: 'reviewer', pulls }, token: TOKEN });
});
afterAll(() => forge.close());

function client(token = TOKEN, baseUrl = forge.url, timeoutMs?: number) {
  return createGitHubClient({ baseUrl }, { value: token, source: 'GH_TOKEN' }, timeoutMs);
}

async function refusal(call: Promise<unknown>): Promise<RedlineError> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RedlineError);
  expect((error as Error).message).not.toContain(TOKEN);
  expect((error as Error).message).not.toMatch(/authorization/i);
  return error as RedlineError;
}

describe('the GitHub client', () => {
  it('reads a pull request: base and head, and whether it comes from a fork', async () => {
    expect(await getPullRequest(client(), ref)).toMatchObject({
      number: 7,
      title: 'Add widgets',
      state: 'open',
      htmlUrl: 'https://github.com/octo/widgets/pull/7',
      base: { sha: BASE, ref: 'main', repoFullName: 'octo/widgets' },
      head: { sha: HEAD, ref: 'feature', repoFullName: 'octo/widgets' },
      fromFork: false,
    });
    expect(await getPullRequest(client(), { ...ref, number: 8 })).toMatchObject({ fromFork: true, head: { repoFullName: 'fan/widgets' } });
    expect(forge.violations).toEqual([]);
  });

  it('lists every review across pages, and creates one in one request', async () => {
    expect(await listPullReviews(client(), ref)).toHaveLength(130);
    const before = forge.requests.length;
    const created = await createPullReview(client(), ref, {
      commit_id: HEAD,
      event: 'COMMENT',
      body: 'Looks fine',
      comments: [{ path: 'src/a.ts', line: 2, side: 'RIGHT', body: 'nit' }],
    });
    expect(created).toMatchObject({ state: 'COMMENTED', body: 'Looks fine', commit_id: HEAD });
    expect(forge.requests.slice(before).map((request) => request.operation)).toEqual(['pulls/create-review']);
    expect(forge.violations).toEqual([]);
  });

  it('lists the unresolved review threads across pages, outdated ones included', async () => {
    const threads = await listUnresolvedThreads(client(), ref);
    expect(threads).toHaveLength(80);
    expect(threads[0]).toEqual({
      id: 'T1',
      path: 'src/f1.ts',
      line: 1,
      startLine: null,
      side: 'RIGHT',
      isOutdated: false,
      comments: [{ author: 'user1', body: 'thread 1', createdAt: '2026-01-02T03:04:05Z' }],
    });
    expect(threads.find((found) => found.id === 'T10')).toMatchObject({ line: null, isOutdated: true });
    expect(forge.requests.filter((request) => request.operation === 'graphql')).toHaveLength(3);
    expect(forge.violations).toEqual([]);
  });

  it('says which pull request was not found, and that a token was refused', async () => {
    expect(await refusal(getPullRequest(client(), { ...ref, number: 99 }))).toMatchObject({
      code: 'forge-not-found',
      message: 'pull request octo/widgets#99 not found on github.com (404; a private repository the token from GH_TOKEN cannot see looks the same)',
    });
    expect(await refusal(getPullRequest(client('ghp_wrong'), ref))).toMatchObject({
      code: 'forge-bad-token',
      message: 'GitHub refused the token from GH_TOKEN (401: Bad credentials - https://docs.github.com/rest): it is wrong or expired',
    });
    expect(await refusal(listUnresolvedThreads(client(), { ...ref, number: 99 }))).toMatchObject({ code: 'forge-not-found' });
  });

  it('tells a token without the scope from a rate limit, and says how long to wait', async () => {
    forge.refuse({ status: 403, message: 'Resource not accessible by personal access token' });
    expect(await refusal(getPullRequest(client(), ref))).toMatchObject({
      code: 'forge-forbidden',
      message: expect.stringContaining('the token from GH_TOKEN may not do this on octo/widgets (403: Resource not accessible'),
    });
    const reset = Math.floor(Date.now() / 1000) + 600;
    forge.refuse({ status: 403, message: 'API rate limit exceeded', headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) } });
    expect((await refusal(listPullReviews(client(), ref))).message).toMatch(/^GitHub's rate limit is reached \(403\): try again in 10 min \(at \d\d:\d\d UTC\)$/);
    forge.refuse({ status: 429, message: 'secondary rate limit', headers: { 'retry-after': '42' } });
    expect(await refusal(createPullReview(client(), ref, { event: 'COMMENT', body: 'x' }))).toMatchObject({
      code: 'forge-rate-limited',
      message: expect.stringMatching(/^GitHub's rate limit is reached \(429\): try again in 42 s/),
    });
    forge.refuse(undefined);
  });

  it('says the API is out of reach', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const port = (server.address() as { port: number }).port;
        server.close(() => resolve(port));
      });
    });
    const error = await refusal(getPullRequest(client(TOKEN, `http://127.0.0.1:${closed}`), ref));
    expect(error.code).toBe('forge-unreachable');
    expect(error.message).toMatch(new RegExp(`^cannot reach the GitHub API at http://127.0.0.1:${closed}: `));
  });

  it('gives up on an API that does not answer', async () => {
    const silent = createServer(() => undefined).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const started = Date.now();
      const error = await refusal(listUnresolvedThreads(client(TOKEN, `http://127.0.0.1:${port}`, 300), ref));
      expect(error.code).toBe('forge-unreachable');
      expect(Date.now() - started).toBeLessThan(5_000);
      const rest = await refusal(getPullRequest(client(TOKEN, `http://127.0.0.1:${port}`, 300), ref));
      expect(rest.code).toBe('forge-unreachable');
    } finally {
      silent.close();
    }
  });
});
