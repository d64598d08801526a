/**
 * `redline publish` against the contract forge (GitHub's API, every request
 * checked against its OpenAPI description; zero violations asserted): one
 * review per round, with its comments and suggestion blocks as the round
 * has them; the same round again posts nothing; a later round is a new
 * review; a moved head is refused; a dropped connection leaves the round
 * unpublished and says so; GitHub's refusals are one line each.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../main.js';
import { captureIo } from '../../../testSupport/capturedIo.js';
import { makePublishFixture, PULL_URL, refsOf, type PublishFixture } from '../../../testSupport/publishFixture.js';

const CREATED = '2026-12-05T00:00:00.000Z';
const comment = (id: string, side: 'old' | 'new', line: number, text: string) => ({ id, kind: 'comment', scope: 'line', path: 'src/app.ts', side, startLine: line, endLine: line, text, createdAt: CREATED });

/** Round 1: a comment on a new line, one on the deleted line, a suggestion GitHub takes, and one across two hunks it does not. */
const ROUND_ONE = {
  verdict: 'request-changes',
  summary: 'Two things to fix.',
  annotations: [
    comment('c1', 'new', 3, 'Why upper case?'),
    comment('c2', 'old', 20, 'This line was needed.'),
    { id: 's1', kind: 'suggestion', scope: 'line', path: 'src/app.ts', side: 'new', startLine: 3, endLine: 3, text: 'Lower case.', originalCode: 'LINE 3', suggestedCode: 'line 3', deletion: false, createdAt: CREATED },
    { id: 's2', kind: 'suggestion', scope: 'line', path: 'src/app.ts', side: 'new', startLine: 3, endLine: 34, text: 'All of it.', originalCode: ['LINE 3', ...Array.from({ length: 30 }, (_, i) => `line ${i + 4 < 20 ? i + 4 : i + 5}`), 'LINE 35'].join('\n'), suggestedCode: 'gone', deletion: false, createdAt: CREATED },
  ],
};

let fixture: PublishFixture;
beforeEach(async () => {
  fixture = await makePublishFixture();
});
afterEach(() => fixture.close());

async function publish(args: string[] = ['--yes'], env = fixture.env): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(fixture.clone.dir, { env });
  const code = await runCli(['publish', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

const created = () => fixture.forge.requests.filter((request) => request.operation === 'pulls/create-review');

describe('redline publish', () => {
  it('posts one review whose event, body, comments and suggestion blocks are the round', async () => {
    const round = await fixture.sendPullRound(ROUND_ONE);
    const refs = refsOf(fixture.clone.dir);
    const { code, out, err } = await publish();
    expect(code, err).toBe(0);
    expect(fixture.forge.violations).toEqual([]);
    expect(created()).toHaveLength(1);
    const [review] = fixture.pull.reviews;
    expect(out).toBe(`https://github.com/octo/widgets/pull/7#pullrequestreview-${review!.id}\n`);
    expect(err).toContain('Published round 1 to octo/widgets#7 as REQUEST_CHANGES.');
    expect(review).toMatchObject({ state: 'CHANGES_REQUESTED', commitId: fixture.head });
    expect(review!.body.startsWith('Two things to fix.\n\n')).toBe(true);
    expect(review!.body.endsWith(`<!-- redline-round: ${round} -->`)).toBe(true);
    // The suggestion across two hunks is in the body, as a diff block saying why.
    expect(review!.body).toContain('#### `src/app.ts` · Suggestion on lines 3-34 (new side)');
    expect(review!.body).toContain('span more than one hunk');
    expect(review!.body).toContain('```diff\n-LINE 3\n');
    expect(review!.body).toContain('\n+gone\n```');
    expect(review!.comments).toEqual([
      { path: 'src/app.ts', line: 3, side: 'RIGHT', body: 'Why upper case?' },
      { path: 'src/app.ts', line: 3, side: 'RIGHT', body: 'Lower case.\n\n```suggestion\nline 3\n```' },
      { path: 'src/app.ts', line: 20, side: 'LEFT', body: 'This line was needed.' },
    ]);
    expect(refsOf(fixture.clone.dir)).toBe(refs); // publishing writes nothing into the repository
  });

  it('posts nothing when the round is already published, and says where it is', async () => {
    await fixture.sendPullRound(ROUND_ONE);
    expect((await publish()).code).toBe(0);
    const again = await publish();
    expect(again.code, again.err).toBe(0);
    expect(again.out).toBe(`already published: https://github.com/octo/widgets/pull/7#pullrequestreview-${fixture.pull.reviews[0]!.id}\n`);
    expect(again.err).toContain('Round 1 is already published; nothing posted.');
    expect(created()).toHaveLength(1);
    expect(fixture.forge.violations).toEqual([]);
  });

  it('publishes a later round as a new review, and an earlier one by --round', async () => {
    await fixture.sendPullRound(ROUND_ONE);
    expect((await publish()).code).toBe(0);
    const second = await fixture.sendPullRound({ verdict: 'approve', summary: 'Good now.', annotations: [] });
    const later = await publish();
    expect(later.err).toContain('Published round 2 to octo/widgets#7 as APPROVE.');
    expect(fixture.pull.reviews.map((review) => review.state)).toEqual(['CHANGES_REQUESTED', 'APPROVED']);
    expect(fixture.pull.reviews[1]!.body).toBe(`Good now.\n\n<!-- redline-round: ${second} -->`);
    expect((await publish(['--yes', '--round', '1'])).out).toMatch(/^already published: /);
    expect((await publish(['--yes', '--round', second.slice(0, 9)])).out).toMatch(/^already published: /);
    expect(created()).toHaveLength(2);
    expect(fixture.forge.violations).toEqual([]);
  });

  it('refuses a pull request whose head moved since the round, naming the new head', async () => {
    await fixture.sendPullRound(ROUND_ONE);
    const moved = fixture.forcePush();
    const { code, err } = await publish();
    expect(code).toBe(1);
    expect(err).toBe(
      `redline publish: octo/widgets#7 has moved since round 1: its head is now ${moved.slice(0, 12)}, the round reviewed ${fixture.head.slice(0, 12)}; review it again (redline ${PULL_URL}) and publish that round\n`,
    );
    expect(created()).toHaveLength(0);
  });

  it('leaves the round unpublished when the connection drops mid-publish, and says so; publishing again posts it', async () => {
    await fixture.sendPullRound(ROUND_ONE);
    const proxy = await droppingProxy(fixture.forge.url);
    try {
      const { code, err } = await publish(['--yes'], { ...fixture.env, GITHUB_API_URL: proxy.url });
      expect(code).toBe(1);
      expect(err).toMatch(/^redline publish: round 1 is not published: cannot reach the GitHub API at http:\/\/127\.0\.0\.1:\d+: .*GitHub creates a review whole or not at all; run redline publish again/);
      expect(err.split('\n')).toHaveLength(2);
      expect(fixture.pull.reviews).toEqual([]);
    } finally {
      await new Promise((resolve) => proxy.server.close(resolve));
    }
    expect((await publish()).code).toBe(0);
    expect(fixture.pull.reviews).toHaveLength(1);
    expect(fixture.forge.violations).toEqual([]);
  });

  it('says GitHub refused the token (403) and the rate limit (429) in one line each', async () => {
    await fixture.sendPullRound(ROUND_ONE);
    fixture.forge.refuse({ status: 403, message: 'Resource not accessible by personal access token' });
    const forbidden = await publish();
    expect(forbidden.code).toBe(1);
    expect(forbidden.err).toBe(
      'redline publish: the token from GH_TOKEN may not do this on octo/widgets (403: Resource not accessible by personal access token - https://docs.github.com/rest): it needs the repo scope (or "Pull requests" access)\n',
    );
    fixture.forge.refuse({ status: 429, message: 'API rate limit exceeded', headers: { 'retry-after': '120' } });
    const limited = await publish();
    expect(limited.code).toBe(1);
    expect(limited.err).toMatch(/^redline publish: GitHub's rate limit is reached \(429\): try again in 2 min \(at \d\d:\d\d UTC\)\n$/);
    expect(`${forbidden.err}${limited.err}`).not.toContain(fixture.env.GH_TOKEN!);
    expect(fixture.pull.reviews).toEqual([]);
  });

  it('refuses to run without a terminal to confirm on unless --yes, and without a round of a pull request', async () => {
    const none = await publish();
    expect(none).toMatchObject({ code: 1, err: expect.stringContaining('no round of a pull request to publish') });
    await fixture.sendPullRound(ROUND_ONE);
    const asked = fixture.forge.requests.length;
    const unconfirmed = await publish([]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.err).toBe("redline publish: publishing is the reviewer's act: run it in a terminal to confirm, or pass --yes (see 'redline publish --help')\n");
    expect(fixture.forge.requests).toHaveLength(asked); // nothing asked of GitHub
    expect(await publish(['--help'])).toMatchObject({ code: 0, out: expect.stringMatching(/^redline publish: post a sent review round to its GitHub pull request\./) });
    expect(await publish(['--yes', 'extra'])).toMatchObject({ code: 2, err: expect.stringContaining('redline publish takes no arguments') });
    expect(await publish(['--yes', '--round', 'zz'])).toMatchObject({ code: 2, err: expect.stringContaining('--round takes a round number or a round commit') });
  });
});

/** Forwards every request to the forge but drops the connection of the one that creates a review, before it reaches GitHub. */
async function droppingProxy(target: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.method === 'POST' && /\/reviews$/.test(req.url ?? '')) {
      req.socket.destroy();
      return;
    }
    const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
