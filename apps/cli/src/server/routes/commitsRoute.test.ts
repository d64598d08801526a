/**
 * The commit selector's endpoints through the real server on a
 * real three-commit range: the list in first-parent order, the patch of one
 * commit and of a span, and the refusal of any commit outside the range.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type ApiError, type CommitSpanData, type RangeCommitsData } from '@redline/core';
import { makeRepo, type TestRepo } from '../../../testSupport/gitRepo.js';
import { gitSource, startHarness, type Harness } from '../../../testSupport/reviewServerHarness.js';

let repo: TestRepo;
let harness: Harness;
let base: string;
const shas: string[] = [];

const spanUrl = (from: string, to: string) => `${API.commitSpan}?${new URLSearchParams({ from, to })}`;

beforeAll(async () => {
  repo = makeRepo({ commit: { 'app.txt': 'one\ntwo\nthree\n' } });
  base = repo.git('rev-parse', 'HEAD').trim();
  repo.write('app.txt', 'one\nTWO\nthree\n');
  shas.push(repo.commitAll('Shout the second line'));
  repo.write('notes.md', '# Notes\n');
  shas.push(repo.commitAll('Add notes'));
  repo.write('app.txt', 'one\nTWO\nthree\nfour\n');
  shas.push(repo.commitAll('Count to four'));
  harness = await startHarness(await gitSource(repo.dir, { kind: 'range', from: base, to: shas[2]!, symmetric: false }));
}, 60_000);

afterAll(async () => {
  await harness?.close();
  repo?.cleanup();
});

describe('GET /api/commits', () => {
  it('lists the range commits oldest first with short sha, subject, author and time', async () => {
    const answer = await harness.get(API.commits);
    expect(answer.status).toBe(200);
    const { commits } = answer.json<RangeCommitsData>();
    expect(commits.map((commit) => commit.sha)).toEqual(shas);
    expect(commits.map((commit) => commit.subject)).toEqual(['Shout the second line', 'Add notes', 'Count to four']);
    expect(commits[0]).toMatchObject({ shortSha: shas[0]!.slice(0, 7), author: 'Redline Test' });
    expect(Number.isNaN(Date.parse(commits[0]!.authoredAt))).toBe(false);
  });

  it('follows first parents only: a merged branch is one step', async () => {
    const merged = makeRepo({ commit: { 'a.txt': 'a\n' } });
    const start = merged.git('rev-parse', 'HEAD').trim();
    merged.git('checkout', '--quiet', '-b', 'side');
    merged.write('b.txt', 'b\n');
    merged.commitAll('Side work');
    merged.git('checkout', '--quiet', 'main');
    merged.write('c.txt', 'c\n');
    merged.commitAll('Main work');
    merged.git('-c', 'commit.gpgsign=false', 'merge', '--quiet', '--no-ff', '-m', 'Merge side', 'side');
    const server = await startHarness(await gitSource(merged.dir, { kind: 'range', from: start, to: 'HEAD', symmetric: false }));
    try {
      const { commits } = (await server.get(API.commits)).json<RangeCommitsData>();
      expect(commits.map((commit) => commit.subject)).toEqual(['Main work', 'Merge side']);
    } finally {
      await server.close();
    }
  });

  it('is the one commit of a commit review, and empty for a working-tree review', async () => {
    const single = await startHarness(await gitSource(repo.dir, { kind: 'commit', ref: shas[1]! }));
    const worktree = await startHarness(await gitSource(repo.dir));
    try {
      const answer = await single.get(API.commits);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json<RangeCommitsData>().commits.map((commit) => commit.sha)).toEqual([shas[1]]);
      expect((await worktree.get(API.commits)).json<RangeCommitsData>()).toEqual({ commits: [] });
    } finally {
      await Promise.all([single.close(), worktree.close()]);
    }
  });
});

describe('GET /api/commit-span', () => {
  it('serves one commit as only its own change', async () => {
    const answer = await harness.get(spanUrl(shas[1]!, shas[1]!));
    expect(answer.status).toBe(200);
    const span = answer.json<CommitSpanData>();
    expect(span).toMatchObject({ from: shas[1], to: shas[1] });
    expect(span.patch).toContain('+++ b/notes.md');
    expect(span.patch).not.toContain('app.txt');
  });

  it('serves a span from the first parent of its first commit to its last', async () => {
    const span = (await harness.get(spanUrl(shas[0]!, shas[1]!))).json<CommitSpanData>();
    expect(span.patch).toContain('-two\n+TWO');
    expect(span.patch).toContain('+++ b/notes.md');
    expect(span.patch).not.toContain('+four');
  });

  it('refuses a commit outside the range, a span that runs backwards, and a missing parameter', async () => {
    const outside = await harness.get(spanUrl(base, shas[2]!));
    expect(outside.status).toBe(404);
    expect(outside.json<ApiError>().error.code).toBe('not-found');
    expect((await harness.get(spanUrl(shas[0]!, 'HEAD'))).status).toBe(404);
    expect((await harness.get(spanUrl(shas[2]!, shas[0]!))).status).toBe(404);
    expect((await harness.get(`${API.commitSpan}?from=${shas[0]}`)).status).toBe(400);
    expect(harness.internalErrors).toEqual([]);
  });
});
