/**
 * The state probe behind freshness checks and page reloads: equal while
 * nothing changes, different after any change the diff could show, even one
 * that keeps the size and puts the old times back (ctime still moves).
 */
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeRepo } from '../../testSupport/gitRepo.js';
import { probeState, readStateSignature } from './readStateSignature.js';
import { resolveTarget } from './resolveTarget.js';

const repo = makeRepo({ commit: { 'a.txt': 'one\n', 'b.txt': 'bee\n' } });
afterAll(() => repo.cleanup());

describe('probeState', () => {
  it('is stable while nothing changes, and gathers the untracked list and lstat facts the reading reuses', async () => {
    repo.write('a.txt', 'two\n');
    repo.write('new.txt', 'untracked\n');
    const target = await resolveTarget(repo.dir, { kind: 'working-tree' });
    const probe = await probeState(repo.dir, target);
    expect(await readStateSignature(repo.dir, target)).toBe(probe.signature);
    expect(probe.untracked).toEqual(['new.txt']);
    expect([...probe.stats.keys()]).toEqual(['a.txt', 'new.txt']);
    expect(Number(probe.stats.get('a.txt')!.size)).toBe(4);
  });

  it('for the signature alone keeps no lstat result (a freshness check leaves nothing for the old generation), with the same signature', async () => {
    const target = await resolveTarget(repo.dir, { kind: 'working-tree' });
    const kept = await probeState(repo.dir, target);
    const signatureOnly = await probeState(repo.dir, target, false);
    expect(signatureOnly.stats.size).toBe(0);
    expect(signatureOnly.signature).toBe(kept.signature);
    expect(kept.stats.size).toBeGreaterThan(0);
  });

  it('changes after a same-size edit with the old times put back, a new untracked file, and git add', async () => {
    const target = await resolveTarget(repo.dir, { kind: 'working-tree' });
    let previous = await readStateSignature(repo.dir, target);
    const changes: [string, () => void][] = [
      ['same-size edit, times restored', () => {
        repo.write('a.txt', 'TWO\n');
        utimesSync(join(repo.dir, 'a.txt'), new Date('2020-01-01'), new Date('2020-01-01'));
      }],
      ['a tracked file edited for the first time', () => repo.write('b.txt', 'BEE\n')],
      ['a new untracked file', () => repo.write('newer.txt', 'x\n')],
      ['git add', () => repo.git('add', 'new.txt')],
    ];
    for (const [what, change] of changes) {
      change();
      const now = await readStateSignature(repo.dir, target);
      expect(now, what).not.toBe(previous);
      previous = now;
    }
  });

  it('for --staged, follows the index only', async () => {
    const target = await resolveTarget(repo.dir, { kind: 'staged' });
    const before = await readStateSignature(repo.dir, target);
    repo.write('b.txt', 'bee, unstaged edit\n');
    expect(await readStateSignature(repo.dir, target)).toBe(before);
    repo.git('add', 'b.txt');
    expect(await readStateSignature(repo.dir, target)).not.toBe(before);
  });
});
