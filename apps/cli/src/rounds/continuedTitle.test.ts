/**
 * The title of a review that continues a series over the agent's commits
 * names its base by a branch or a short hash, and says why it is not
 * "Uncommitted changes": never a bare 40-hex id (real repository, server).
 */
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../../testSupport/gitRepo.js';
import { sendRound } from '../../testSupport/reviewRounds.js';

describe('the title of a continued series', () => {
  it('names the base by a branch pointing at it, else its short hash, and counts the commits made since round 1', async () => {
    const repo = makeRepo({ commit: { 'a.txt': 'one\n' } });
    const base = repo.git('rev-parse', 'HEAD').trim();
    repo.write('a.txt', 'two\n');
    const round1 = await sendRound(repo.dir, () => ({ verdict: 'request-changes', summary: '', annotations: [] }));
    expect(round1.data.target.description).toBe('Uncommitted changes (working tree against HEAD)');

    repo.commitAll('agent: first fix');
    const round2 = await sendRound(repo.dir, () => ({ verdict: 'request-changes', summary: '', annotations: [] }));
    expect(round2.data.target.description).toBe(`Changes since ${base.slice(0, 7)} (the series' base; 1 commit made since round 1 included, working tree)`);
    expect(round2.data.target.description).not.toContain(base);

    // A branch left at the base names it.
    repo.git('branch', 'before-agent', base);
    repo.write('a.txt', 'three\n');
    repo.commitAll('agent: second fix');
    const round3 = await sendRound(repo.dir, () => ({ verdict: 'comment', summary: '', annotations: [] }));
    expect(round3.data.target.description).toBe("Changes since before-agent (the series' base; 2 commits made since round 1 included, working tree)");
  });
});
