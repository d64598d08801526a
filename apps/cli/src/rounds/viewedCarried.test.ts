/**
 * Viewed marks go with the round (docs/rounds.md, "Viewed marks"): a real
 * repository, a real server. Round 1 is sent with three of five files
 * viewed; round.json records them, and round 2's review carries them as
 * `lastViewed` beside the paths changed since, which is all the page needs
 * to mark viewed only the files viewed then and unchanged since.
 */
import { describe, expect, it } from 'vitest';
import { API } from '@redline/core';
import { makeRepo } from '../../testSupport/gitRepo.js';
import { runRead, sendRound } from '../../testSupport/reviewRounds.js';

describe('viewed marks carried by the round', () => {
  it('round.json records the files viewed at Send; the next round serves them with what changed since', async () => {
    const files = { 'a.txt': 'a\n', 'b.txt': 'b\n', 'c.txt': 'c\n', 'd.txt': 'd\n', 'e.txt': 'e\n' };
    const repo = makeRepo({ commit: files });
    for (const path of Object.keys(files)) repo.write(path, `${path} changed\n`);
    await sendRound(repo.dir, () => ({ verdict: 'request-changes', summary: '', annotations: [], viewed: ['c.txt', 'a.txt', 'b.txt'] }), [], async (page) => {
      // A path list, checked at the edge.
      const bad = await page.post(API.feedback, { verdict: 'comment', summary: '', annotations: [], viewed: ['a.txt', 7] });
      expect([bad.status, bad.text]).toEqual([400, expect.stringContaining('body.viewed[1]')]);
    });
    const rounds = JSON.parse((await runRead(repo.dir, ['rounds', '--json'])).out) as { rounds: { commit: string }[] };
    const record = JSON.parse(repo.git('show', `${rounds.rounds[0]!.commit}:round.json`)) as { viewed: string[] };
    expect(record.viewed).toEqual(['a.txt', 'b.txt', 'c.txt']);

    // The agent changes one viewed file and one never viewed.
    repo.write('b.txt', 'b changed again\n');
    repo.write('d.txt', 'd changed again\n');
    const round2 = await sendRound(repo.dir, () => ({ verdict: 'comment', summary: '', annotations: [] }));
    expect(round2.data.rounds!.lastViewed).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(round2.data.sinceRound!.changedPaths).toEqual(['b.txt', 'd.txt']);
    // Round 2 was sent with nothing viewed: round 3 carries nothing.
    const round3 = await sendRound(repo.dir, () => ({ verdict: 'comment', summary: '', annotations: [] }));
    expect(round3.data.rounds!.lastViewed).toEqual([]);
  });
});
