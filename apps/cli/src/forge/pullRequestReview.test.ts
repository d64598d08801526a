/**
 * `redline <PR URL>` and `redline pr N` through the real CLI (in-process, real
 * server, real git) against the contract forge: the pull request's change is
 * reviewed as base...head with its unresolved threads, only objects and
 * refs/redline/forge/ refs are added to the clone, a fork's pull request is
 * fetched from the base repository, and a pull request that moved continues
 * its series.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Annotation, type ReviewData } from '@redline/core';
import { signInAsPage } from '../../testSupport/browserSession.js';
import { captureIo } from '../../testSupport/capturedIo.js';
import { repositoryFacts } from '../../testSupport/repositoryFacts.js';
import { contractPull } from '../../testSupport/githubContract/contractState.js';
import { makePullRequestFixture, PULL_URL, WIDGET_AFTER, type PullRequestFixture } from '../../testSupport/githubContract/pullRequestFixture.js';
import { makeTempDir } from '../../testSupport/gitRepo.js';
import { runCli } from '../main.js';

const REVIEW_URL_RE = /Review: (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64})\n/;

let fixture: PullRequestFixture;
beforeAll(async () => {
  fixture = await makePullRequestFixture(makeTempDir);
});
afterAll(() => fixture.forge.close());

/** Runs redline on `args` in the clone, reads the review as the page does, then sends `verdict`. */
async function reviewAndSend(args: string[], verdict = 'request-changes', annotations: Annotation[] = []): Promise<{ data: ReviewData; stderr: string }> {
  const io = captureIo(fixture.clone.dir, { env: fixture.env });
  const exit = runCli(['--no-open', '--json', ...args], io);
  const match = await Promise.race([io.waitForStderr(REVIEW_URL_RE), exit.then((code) => Promise.reject(new Error(`exit ${code}: ${io.err()}`)))]);
  const page = await signInAsPage(match[1]!);
  const data = (await page.get(API.review)).json<ReviewData>();
  const answer = await page.post(API.feedback, { verdict, summary: 'round', reviewer: '@Rev', annotations });
  expect(answer.status, answer.text).toBe(200);
  expect(await exit, io.err()).toBe(0);
  return { data, stderr: io.err() };
}

function gitStatus(): string {
  return fixture.clone.git('status', '--porcelain=v1', '--untracked-files=all');
}

describe('redline <pull request URL>', () => {
  it('reviews base...head with the unresolved threads, touching no branch, HEAD, index, work tree or config', async () => {
    const before = { facts: repositoryFacts(fixture.clone), status: gitStatus() };
    const comment: Annotation = { id: 'c1', kind: 'comment', scope: 'line', path: 'src/widget.ts', side: 'new', startLine: 5, endLine: 5, text: 'Why three?', createdAt: '2026-01-02T03:04:05.000Z' };
    const { data, stderr } = await reviewAndSend([PULL_URL], 'request-changes', [comment]);
    expect(stderr).toContain('Fetching pull request octo/widgets#7 from origin...');
    expect(data.target).toMatchObject({ kind: 'range', description: 'Pull request octo/widgets#7: Double the widgets', baseCommit: fixture.remote.mainSha, headCommit: fixture.headSha });
    expect(data.files.map((file) => file.path)).toEqual(['src/widget.ts']);
    expect(data.patch).toContain('+  return n * 2;');
    expect(data.pullRequest).toMatchObject({ forge: 'github', owner: 'octo', repo: 'widgets', number: 7, url: PULL_URL, headSha: fixture.headSha, baseSha: fixture.remote.mainSha });
    expect(data.pullRequest?.threads.map((thread) => [thread.id, thread.line, thread.isOutdated, thread.comments.map((comment) => comment.author)])).toEqual([
      ['PRRT_1', 2, false, ['mona', 'hubot']],
      ['PRRT_3', null, true, ['octocat']],
    ]);
    expect({ facts: repositoryFacts(fixture.clone), status: gitStatus() }).toEqual(before);
    expect(existsSync(join(fixture.clone.dir, '.git', 'FETCH_HEAD'))).toBe(false);
    expect(fixture.clone.git('for-each-ref', '--format=%(refname) %(objectname)', 'refs/redline/forge/')).toBe(
      `refs/redline/forge/octo/widgets/pull/7/base ${fixture.remote.mainSha}\nrefs/redline/forge/octo/widgets/pull/7/head ${fixture.headSha}\n`,
    );
    expect(fixture.clone.git('show', `${fixture.headSha}:src/widget.ts`)).toBe(WIDGET_AFTER);
    expect(fixture.forge.violations).toEqual([]);
  });

  it('continues the pull request series after its head moved: the page offers the change since round 1', async () => {
    // The first test sent round 1 on the first head. The author pushes another commit.
    fixture.remote.author.git('checkout', '--quiet', 'feature');
    fixture.remote.author.write('src/widget.ts', WIDGET_AFTER.replace('WIDGETS = 3', 'WIDGETS = 4'));
    fixture.remote.author.commitAll('four widgets');
    const moved = fixture.remote.pushPull(7);
    fixture.remote.author.git('checkout', '--quiet', 'main');
    fixture.forge.state.pulls.get(7)!.head.sha = moved;
    const { data, stderr } = await reviewAndSend(['pr', '7']);
    expect(stderr).toMatch(/continuing review series [0-9a-f]{12}-[0-9a-f]{6}, round 2/);
    // The fetched sides under refs/redline/forge/ are not taken for rounds.
    expect(stderr).not.toContain('skipping');
    expect(data.target.headCommit).toBe(moved);
    expect(data.rounds?.rounds.map((round) => round.number)).toEqual([1]);
    // Round 1's comment on 'WIDGETS = 3' is read against the new head, where that line changed.
    expect(data.rounds?.threads.map((thread) => [thread.id, thread.state])).toEqual([['c1', 'changed']]);
    expect(data.sinceRound?.patch).toContain('+export const WIDGETS = 4;');
    expect(data.sinceRound?.patch).not.toContain('+  return n * 2;');
    expect(fixture.forge.violations).toEqual([]);
  });

  it("fetches a fork's pull request from the base repository's refs/pull/N/head", async () => {
    fixture.remote.author.git('checkout', '--quiet', '-b', 'fork-patch', 'main');
    fixture.remote.author.write('README.md', '# widgets, from a fork\n');
    const forkHead = fixture.remote.author.commitAll('fork readme');
    fixture.remote.pushPull(8);
    fixture.remote.author.git('checkout', '--quiet', 'main');
    fixture.forge.state.pulls.set(8, contractPull({ number: 8, title: 'From a fork', base: { ref: 'main', sha: fixture.remote.mainSha, repo: 'octo/widgets' }, head: { ref: 'patch-1', sha: forkHead, repo: 'fan/widgets' } }));
    const { data, stderr } = await reviewAndSend(['https://github.com/octo/widgets/pull/8/files'], 'approve');
    expect(stderr).toContain('(its head is in fan/widgets)');
    expect(data.target).toMatchObject({ description: 'Pull request octo/widgets#8: From a fork', headCommit: forkHead });
    expect(data.files.map((file) => file.path)).toEqual(['README.md']);
    expect(fixture.forge.violations).toEqual([]);
  });
});
