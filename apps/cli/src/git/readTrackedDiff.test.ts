/**
 * One `git diff --raw -p -z` run must give what separate runs gave: the
 * patch exactly as plain `git diff` prints it, and for every file the counts
 * and binary flag `git diff --numstat` reports; for every target, with and
 * without -w, over a repository full of odd changes. And the sections must
 * line up with the entries (countsFrom 'patch'), else the fast path is not
 * being taken at all.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileFacts } from '@redline/core';
import { makeRepo, type TestRepo } from '../../testSupport/gitRepo.js';
import { makeOddChangeRepo } from '../../testSupport/oddChangeRepo.js';
import type { FileEntry } from '../review/reviewSnapshot.js';
import { NEUTRAL_DIFF_FLAGS, NEUTRAL_LISTING_FLAGS } from './diffFlags.js';
import { gitBlobId } from './gitBlobId.js';
import { parseNumstatZ } from './parseNumstatZ.js';
import { readTrackedDiff } from './readTrackedDiff.js';
import { resolveTarget, type GitTargetSpec } from './resolveTarget.js';

const repos: TestRepo[] = [];
let odd: TestRepo;

beforeAll(() => {
  odd = makeOddChangeRepo();
  repos.push(odd);
});
afterAll(() => {
  for (const repo of repos) repo.cleanup();
});

function git(repo: TestRepo, args: string[]): string {
  const result = spawnSync('git', ['-c', 'core.quotepath=false', '-c', 'diff.noprefix=false', ...args], { cwd: repo.dir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** The diff arguments for each target, as the server passes them. */
function targetArgs(spec: GitTargetSpec, oldTree: string, commit: string | null): string[] {
  if (spec.kind === 'staged') return ['--cached', '--end-of-options', oldTree, '--'];
  return ['--end-of-options', oldTree, ...(commit ? [commit] : []), '--'];
}

async function readAndCompare(repo: TestRepo, spec: GitTargetSpec, ignoreWhitespace: boolean) {
  const target = await resolveTarget(repo.dir, spec);
  const pieces: string[] = [];
  const reading = await readTrackedDiff(repo.dir, target, ignoreWhitespace, (text) => pieces.push(text));
  const args = [...(ignoreWhitespace ? ['-w'] : []), ...targetArgs(spec, target.oldTree, target.newSide.kind === 'commit' ? target.newSide.commit : null)];
  const plainPatch = git(repo, ['diff', ...NEUTRAL_DIFF_FLAGS, ...args]);
  const numstat = parseNumstatZ(git(repo, ['diff', '--numstat', ...NEUTRAL_LISTING_FLAGS, ...args]));
  const names = git(repo, ['diff', '--name-only', ...NEUTRAL_LISTING_FLAGS, ...args]).split('\0').filter(Boolean);
  return { reading, patch: pieces.join(''), plainPatch, numstat, names };
}

function countsOf(entries: FileEntry[]) {
  return entries.map(({ facts }) => [facts.oldPath ?? '', facts.path, facts.additions, facts.deletions, facts.binary]);
}

/** numstat's view, for the same entries (a file numstat leaves out, all-whitespace under -w, counts 0). */
function numstatCountsFor(entries: FileEntry[], numstat: ReturnType<typeof parseNumstatZ>) {
  const byPaths = new Map(numstat.map((entry) => [`${entry.oldPath ?? ''}\0${entry.path}`, entry]));
  return entries.map(({ facts }) => {
    const counts = byPaths.get(`${facts.oldPath ?? ''}\0${facts.path}`);
    return [facts.oldPath ?? '', facts.path, counts?.additions ?? 0, counts?.deletions ?? 0, counts?.binary ?? false];
  });
}

describe('readTrackedDiff', () => {
  for (const ignoreWhitespace of [false, true]) {
    it(`working tree${ignoreWhitespace ? ' with -w' : ''}: the patch is plain git diff's, the counts are numstat's`, async () => {
      const { reading, patch, plainPatch, numstat, names } = await readAndCompare(odd, { kind: 'working-tree' }, ignoreWhitespace);
      expect(reading.countsFrom).toBe('patch');
      expect(patch).toBe(plainPatch);
      expect(reading.entries.map((entry) => entry.facts.path)).toEqual(names);
      expect(countsOf(reading.entries)).toEqual(numstatCountsFor(reading.entries, numstat));
      expect(numstat.length).toBeGreaterThanOrEqual(ignoreWhitespace ? 15 : 17);
    });
  }

  it('reports the odd changes with the right facts', async () => {
    const { reading } = await readAndCompare(odd, { kind: 'working-tree' }, false);
    const facts: Record<string, FileFacts> = Object.fromEntries(reading.entries.map((entry) => [entry.facts.path, entry.facts]));
    expect(facts['becomes-link.txt']).toMatchObject({ status: 'type-changed', additions: 1, deletions: 1, newMode: '120000' });
    expect(facts['image.bin']).toMatchObject({ binary: true, additions: 0, deletions: 0 });
    expect(facts['renamed-same.txt']).toMatchObject({ status: 'renamed', oldPath: 'same/content.txt', additions: 0, deletions: 0 });
    expect(facts['script.sh']).toMatchObject({ oldMode: '100644', newMode: '100755', additions: 0, deletions: 0 });
    expect(facts['sub']).toMatchObject({ submodule: true, additions: 1, deletions: 1 });
    expect(facts['long.txt']).toMatchObject({ additions: 3, deletions: 3 });
  });

  it('records the blob id of the working-tree content git diffed (pure renames and mode changes: the old blob)', async () => {
    const { reading } = await readAndCompare(odd, { kind: 'working-tree' }, false);
    const regular = reading.entries.filter((entry) => entry.newSource === 'worktree' && !entry.facts.symlink && !entry.facts.submodule);
    expect(regular.length).toBeGreaterThan(10);
    for (const entry of regular) {
      expect(entry.recordedNewBlob, entry.facts.path).toBe(gitBlobId(readFileSync(join(odd.dir, entry.facts.path)), 'x'.repeat(40)));
    }
    expect(reading.entries.find((entry) => entry.facts.path === 'doomed.txt')).toMatchObject({ newSource: 'none', recordedNewBlob: null });
  });

  it('--staged and a commit target: patch and counts as git gives them', async () => {
    const staged = await readAndCompare(odd, { kind: 'staged' }, false);
    expect(staged.reading.countsFrom).toBe('patch');
    expect(staged.patch).toBe(staged.plainPatch);
    expect(countsOf(staged.reading.entries)).toEqual(numstatCountsFor(staged.reading.entries, staged.numstat));
    expect(staged.reading.entries.every((entry) => entry.newSource === 'blob' && entry.recordedNewBlob === null)).toBe(true);

    const committed = makeOddChangeRepo();
    repos.push(committed);
    committed.commitAll('the odd change, untracked files and all');
    for (const ignoreWhitespace of [false, true]) {
      const commit = await readAndCompare(committed, { kind: 'commit', ref: 'HEAD' }, ignoreWhitespace);
      expect(commit.reading.countsFrom).toBe('patch');
      expect(commit.patch).toBe(commit.plainPatch);
      expect(countsOf(commit.reading.entries)).toEqual(numstatCountsFor(commit.reading.entries, commit.numstat));
      expect(commit.reading.entries.length).toBeGreaterThan(30);
    }
  });

  it('falls back to numstat for an unmerged path (git prints no section for it) and still counts right', async () => {
    const repo = makeRepo({ commit: { 'f.txt': '1\n2\n3\n', 'g.txt': 'g\n' } });
    repos.push(repo);
    repo.git('checkout', '--quiet', '-b', 'side');
    repo.write('f.txt', '1\nside\n3\n');
    repo.commitAll('side');
    repo.git('checkout', '--quiet', 'main');
    repo.write('f.txt', '1\nmain\n3\n');
    repo.write('g.txt', 'g changed\n');
    repo.commitAll('main');
    spawnSync('git', ['merge', 'side'], { cwd: repo.dir });
    repo.git('add', 'g.txt');
    const { reading, patch, plainPatch, numstat } = await readAndCompare(repo, { kind: 'staged' }, false);
    expect(reading.countsFrom).toBe('numstat');
    expect(patch).toBe(plainPatch);
    expect(reading.entries.map((entry) => [entry.facts.path, entry.facts.status])).toEqual([['f.txt', 'modified']]);
    expect(countsOf(reading.entries)).toEqual(numstatCountsFor(reading.entries, numstat));
  });
});
