/**
 * The series a default `redline` continues is chosen by the commit graph,
 * not by the time a round states (chooseSeries.ts): of two open series of
 * the reviewer's own, the one whose base descends from the other's is
 * continued, even when the other has the later round.
 */
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../../testSupport/gitRepo.js';
import { sendRound } from '../../testSupport/reviewRounds.js';

const comment = (reviewer: string) => () => ({ verdict: 'comment', summary: '', reviewer, annotations: [] });
const seriesOf = (stderr: string) => /series ([0-9a-f]{12}-[0-9a-f]{6})/.exec(stderr)?.[1];

describe('the series to continue', () => {
  it('is the own open series whose base descends from the others, whatever the times of their rounds', async () => {
    const repo = makeRepo({ commit: { 'a.txt': 'one\n' } });
    const first = repo.git('rev-parse', 'HEAD').trim();
    repo.write('a.txt', 'two\n');
    const older = seriesOf((await sendRound(repo.dir, comment('ann'))).stderr);
    repo.commitAll('agent: two');
    repo.write('a.txt', 'three\n');
    const newer = seriesOf((await sendRound(repo.dir, comment('ann'), ['--new-series'])).stderr);
    expect(newer).not.toBe(older);
    // The older series gets the later round (its base named explicitly).
    expect((await sendRound(repo.dir, comment('ann'), ['--base', first])).stderr).toContain(`continuing review series ${older}, round 2`);
    expect((await sendRound(repo.dir, comment('ann'))).stderr).toContain(`continuing review series ${newer}, round 2`);
  }, 60_000);
});
