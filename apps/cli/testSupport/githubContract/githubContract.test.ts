/**
 * The contract forge keeps GitHub's contract itself: a request that fits its
 * operation passes, a wrong body or an unknown GraphQL field is a recorded
 * violation (answered 400), and its own answers validate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiContract, startGitHubContract, type GitHubContractServer } from './githubContractServer.js';
import { contractPull, type ContractForgeState } from './contractState.js';

const TOKEN = 'ghp_contractTestToken0000000000000000';
const HEAD = 'b'.repeat(40);

function state(): ContractForgeState {
  const pull = contractPull({
    number: 7,
    base: { ref: 'main', sha: 'a'.repeat(40), repo: 'octo/widgets' },
    head: { ref: 'feature', sha: HEAD, repo: 'octo/widgets' },
    threads: [
      {
        id: 'T1',
        path: 'src/a.ts',
        line: 3,
        startLine: null,
        side: 'RIGHT',
        isResolved: false,
        isOutdated: false,
        comments: [{ author: 'mona', body: 'Why?', createdAt: '2026-01-02T03:04:05Z' }],
      },
    ],
  });
  return { owner: 'octo', repo: 'widgets', login: 'reviewer', pulls: new Map([[7, pull]]) };
}

let forge: GitHubContractServer;
beforeAll(async () => {
  forge = await startGitHubContract({ state: state(), token: TOKEN });
});
afterAll(() => forge.close());

async function call(method: string, path: string, body?: unknown, token = TOKEN): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${forge.url}${path}`, {
    method,
    headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

describe('the GitHub contract forge', () => {
  it('answers a request that keeps the contract, with an answer that keeps it too', async () => {
    const pull = await call('GET', '/repos/octo/widgets/pulls/7');
    expect(pull.status).toBe(200);
    expect(pull.json).toMatchObject({ number: 7, head: { sha: HEAD, ref: 'feature' } });
    const created = await call('POST', '/repos/octo/widgets/pulls/7/reviews', {
      commit_id: HEAD,
      event: 'REQUEST_CHANGES',
      body: 'Please fix',
      comments: [{ path: 'src/a.ts', line: 3, side: 'RIGHT', body: 'here' }],
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ state: 'CHANGES_REQUESTED', body: 'Please fix', user: { login: 'reviewer' } });
    const listed = await call('GET', '/repos/octo/widgets/pulls/7/reviews?per_page=100');
    expect(listed.json).toHaveLength(1);
    expect(forge.violations).toEqual([]);
  });

  it('refuses a body its operation does not take, and records the violation', async () => {
    const before = forge.violations.length;
    const wrong = await call('POST', '/repos/octo/widgets/pulls/7/reviews', { event: 'APPROVED', body: 'x' });
    expect(wrong.status).toBe(400);
    expect(forge.violations.slice(before)).toEqual([expect.stringContaining('pulls/create-review was sent body: /event')]);
    forge.violations.splice(before);
  });

  it('refuses a parameter of the wrong type and a path GitHub has not', async () => {
    const before = forge.violations.length;
    expect((await call('GET', '/repos/octo/widgets/pulls/seven')).status).toBe(400);
    expect((await call('GET', '/repos/octo/widgets/pulls/7/reviews?sort=new')).status).toBe(400);
    expect((await call('GET', '/repos/octo/widgets/no-such-thing')).status).toBe(400);
    expect(forge.violations.slice(before)).toEqual([
      expect.stringContaining('path parameter pull_number'),
      expect.stringContaining('query parameter sort'),
      expect.stringContaining('matches no operation'),
    ]);
    forge.violations.splice(before);
  });

  it("executes a GraphQL query on GitHub's schema and refuses an unknown field", async () => {
    const good = await call('POST', '/graphql', {
      query: 'query($n: Int!) { repository(owner: "octo", name: "widgets") { pullRequest(number: $n) { reviewThreads(first: 5) { nodes { path line isResolved comments(first: 5) { nodes { author { login } body } } } } } } }',
      variables: { n: 7 },
    });
    expect(good.status).toBe(200);
    expect(good.json).toMatchObject({
      data: { repository: { pullRequest: { reviewThreads: { nodes: [{ path: 'src/a.ts', line: 3, comments: { nodes: [{ author: { login: 'mona' } }] } }] } } } },
    });
    expect(forge.violations).toEqual([]);
    const bad = await call('POST', '/graphql', {
      query: '{ repository(owner: "octo", name: "widgets") { pullRequest(number: 7) { reviewThreadz { totalCount } } } }',
    });
    expect(bad.status).toBe(400);
    expect(forge.violations).toEqual([expect.stringContaining('Cannot query field "reviewThreadz"')]);
    forge.violations.splice(0);
    const badVariable = await call('POST', '/graphql', {
      query: 'query($n: Int!) { repository(owner: "octo", name: "widgets") { pullRequest(number: $n) { title } } }',
      variables: { n: 'seven' },
    });
    expect(badVariable.status).toBe(400);
    expect(forge.violations).toEqual([expect.stringContaining('Variable "$n" got invalid value "seven"')]);
    forge.violations.splice(0);
  });

  it('answers 401 to another token and the configured refusal with its headers', async () => {
    expect((await call('GET', '/repos/octo/widgets/pulls/7', undefined, 'ghp_wrong')).status).toBe(401);
    forge.refuse({ status: 429, message: 'API rate limit exceeded', headers: { 'retry-after': '120' } });
    const response = await fetch(`${forge.url}/repos/octo/widgets/pulls/7`, { headers: { authorization: `token ${TOKEN}` } });
    forge.refuse(undefined);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('120');
    expect(forge.violations).toEqual([]);
  });

  it("checks an answer against the operation's response schema, so a wrong fixture fails", () => {
    const contract = openApiContract();
    const matched = contract.match('GET', '/repos/octo/widgets/pulls/7');
    expect(matched?.operation.operationId).toBe('pulls/get');
    const pull = { ...contract.example('pull-request'), requested_teams: [], number: 'seven' };
    expect(contract.checkResponse(matched!.operation, 200, pull)).toEqual([
      { what: 'response 200', errors: ['/number must be integer'] },
    ]);
    expect(contract.checkResponse(matched!.operation, 201, pull)).toEqual([
      { what: 'response 201', errors: ['not a response of pulls/get'] },
    ]);
  });
});
