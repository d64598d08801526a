/**
 * Bad input under refs/redline/: a ref of another shape, a ref at a blob, a
 * commit without round.json, a round.json that is not one: each is reported
 * by name and skipped, never fatal and never rewritten. A round whose state
 * tree cannot be read is listed as missing.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { GIT_IDENTITY_ENV, makeRepo } from '../../testSupport/gitRepo.js';
import { runRead, sendRound } from '../../testSupport/reviewRounds.js';
import { readAllSeries } from './readSeries.js';

function gitWithInput(dir: string, input: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, input, env: { ...process.env, ...GIT_IDENTITY_ENV }, encoding: 'utf8' });
}

describe('bad refs under refs/redline/', () => {
  it('are reported by name, skipped and left as they were; a round with an unreadable state shows as missing', async () => {
    const repo = makeRepo({ commit: { 'a.txt': 'a\n' } });
    repo.write('a.txt', 'b\n');
    await sendRound(repo.dir, () => ({ verdict: 'comment', summary: '', reviewer: 'ann', annotations: [] }));
    const [series] = (await readAllSeries(repo.dir)).series;
    const blob = gitWithInput(repo.dir, 'x', 'hash-object', '-w', '--stdin').trim();
    const head = repo.git('rev-parse', 'HEAD').trim();
    const badJsonTree = gitWithInput(repo.dir, `100644 blob ${blob}\tround.json\n`, 'mktree').trim();
    const badJson = repo.git('commit-tree', badJsonTree, '-m', 'x').trim();
    const missingTree = 'a'.repeat(40);
    const record = JSON.parse(repo.git('show', `${series!.rounds[0]!.commit}:round.json`)) as Record<string, unknown>;
    const recordBlob = gitWithInput(repo.dir, JSON.stringify({ ...record, series: series!.id, number: 2, reviewer: 'joe', state: missingTree }), 'hash-object', '-w', '--stdin').trim();
    const missingStateTree = gitWithInput(repo.dir, `100644 blob ${recordBlob}\tround.json\n040000 tree ${missingTree}\tstate\n`, 'mktree', '--missing').trim();
    const missingState = repo.git('commit-tree', missingStateTree, '-p', series!.rounds[0]!.commit, '-m', 'round 2').trim();
    const planted: Record<string, string> = {
      'refs/redline/notes': head,
      [`refs/redline/${series!.id}/eve/rounds`]: badJson,
      [`refs/redline/${series!.id}/ivy/rounds`]: head,
      [`refs/redline/${series!.id}/joe/rounds`]: missingState,
    };
    for (const [ref, oid] of Object.entries(planted)) repo.git('update-ref', ref, oid);
    repo.git('update-ref', `refs/redline/${series!.id}/kim/blob`, blob);

    const listed = await runRead(repo.dir, ['rounds', '--json']);
    expect(listed.code, listed.err).toBe(0);
    expect(listed.err).toContain('skipping refs/redline/notes: not a round ref');
    expect(listed.err).toContain(`skipping refs/redline/${series!.id}/kim/blob: not a round ref`);
    expect(listed.err).toContain(`skipping refs/redline/${series!.id}/eve/rounds: round.json is not JSON`);
    expect(listed.err).toContain(`skipping refs/redline/${series!.id}/ivy/rounds: no round.json in its tree`);
    const rounds = (JSON.parse(listed.out) as { rounds: { number: number; state: { kind: string } }[] }).rounds;
    expect(rounds.map((round) => [round.number, round.state.kind])).toEqual([[1, 'recorded'], [2, 'missing']]);
    expect((await runRead(repo.dir, ['threads'])).code).toBe(0);
    for (const [ref, oid] of Object.entries(planted)) expect(repo.git('rev-parse', ref).trim()).toBe(oid);
  }, 60_000);
});
