/**
 * The line-level change since the last round, on a real repository with two
 * recorded rounds (real server, real git): round 3's answer carries the diff
 * from round 2's state to now (an untracked file included, a line the agent
 * edited after round 2 as -/+ against round 2's text, not the base's), the
 * earlier pair is served by round-diff, and any tree that is not a state of
 * the series is refused (404).
 */
import { describe, expect, it } from 'vitest';
import { API, type RoundDiffData } from '@redline/core';
import { makeRepo } from '../../testSupport/gitRepo.js';
import { repositoryFacts, sendRound } from '../../testSupport/reviewRounds.js';

const send = (dir: string, probe?: Parameters<typeof sendRound>[3]) => sendRound(dir, () => ({ verdict: 'request-changes', summary: '', annotations: [] }), [], probe);

describe('since the last round, line by line', () => {
  it('round 3 gets the diff from round 2\'s state to now; earlier pairs by round-diff; other trees 404', async () => {
    const repo = makeRepo({ commit: { 'a.txt': 'one\ntwo\nthree\n', 'b.txt': 'b\n' } });
    repo.write('a.txt', 'one\nTWO\nthree\n');
    const first = await send(repo.dir);
    expect(first.data.sinceRound).toBeUndefined();
    repo.write('a.txt', 'one\nTWO\nTHREE\n');
    const second = await send(repo.dir);
    expect(second.data.sinceRound).toMatchObject({ round: 1, from: second.data.rounds!.rounds[0]!.state.tree, changedPaths: ['a.txt'] });
    expect(second.data.sinceRound!.patch).toContain('-three\n+THREE\n');
    expect(second.data.sinceRound!.patch).not.toContain('-two');

    repo.write('a.txt', 'ONE\nTWO\nTHREE\n');
    repo.write('new.txt', 'untracked\n');
    const before = repositoryFacts(repo);
    await send(repo.dir, async (page, data) => {
      const [state1, state2] = data.rounds!.rounds.map((round) => round.state.tree) as [string, string];
      const since = data.sinceRound!;
      expect(since).toMatchObject({ round: 2, from: state2, changedPaths: ['a.txt', 'new.txt'] });
      expect(since.patch).toContain('-one\n+ONE\n TWO\n THREE\n');
      expect(since.patch).toContain('+++ b/new.txt');
      expect(since.patch).not.toContain('b.txt');
      // Its new side is the review's: the same text the whole change shows.
      expect(repo.git('show', `${since.to}:a.txt`)).toBe('ONE\nTWO\nTHREE\n');
      const pair = await page.get(`${API.roundDiff}?from=${state1}&to=${state2}`);
      expect(pair.status, pair.text).toBe(200);
      expect(pair.json<RoundDiffData>().patch).toContain('-three\n+THREE\n');
      // "now" and the base are not states of the series (nor is the state just written for "now").
      for (const other of [since.to, repo.git('rev-parse', 'HEAD^{tree}').trim(), 'now']) {
        expect((await page.get(`${API.roundDiff}?from=${state1}&to=${other}`)).status).toBe(404);
        expect((await page.get(`${API.roundDiff}?from=${other}&to=${state2}`)).status).toBe(404);
      }
    });
    // Reading "now" added objects only: index, HEAD, refs, working tree untouched.
    expect(repositoryFacts(repo)).toEqual(before);
  }, 60_000);

  it('without an earlier round: no since-round diff is read', async () => {
    const repo = makeRepo({ commit: { 'a.txt': 'a\n' } });
    repo.write('a.txt', 'b\n');
    const only = await send(repo.dir);
    expect(only.data.sinceRound).toBeUndefined();
  }, 60_000);
});
