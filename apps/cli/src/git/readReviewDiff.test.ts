/**
 * The review's diff read side by side (the tracked diff streaming while the
 * pairing of its deleted files with the untracked ones runs) is the diff
 * read one after the other (the pairing first, from the deleted files of a
 * listing with rename detection, then the tracked diff without the paired
 * deleted paths and the untracked files without the paired new ones): the
 * same patch byte for byte, in the same order, the same facts, the same
 * fingerprint. Over real repositories where deleted files pair, others do
 * not, and modified files come before, between and after them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FileFacts } from '@redline/core';
import { makeRepo, type TestRepo } from '../../testSupport/gitRepo.js';
import { gitSource } from '../../testSupport/reviewServerHarness.js';
import { fingerprintReview } from '../review/fingerprintReview.js';
import { NEUTRAL_LISTING_FLAGS } from './diffFlags.js';
import { findRepository } from './findRepository.js';
import { pairUntrackedRenames } from './pairUntrackedRenames.js';
import { parseRawZ } from './parseRawZ.js';
import { readReviewDiff } from './readReviewDiff.js';
import { probeState } from './readStateSignature.js';
import { readTrackedDiff } from './readTrackedDiff.js';
import { readUntrackedFiles } from './readUntrackedFiles.js';
import { resolveTarget } from './resolveTarget.js';
import { runGitText } from './runGit.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

const lines = (name: string, n: number) => Array.from({ length: n }, (_, i) => `export const ${name}${i} = ${i}; // line ${i} of ${name}\n`).join('');

/** Paired: moved (b/, d/, "q x"), moved and edited (m/); unpaired: deleted a/, c/, z/, tab; modified around them; untracked alone. */
function mixedRepo(): TestRepo {
  const commit: Record<string, string> = {};
  for (const dir of ['a', 'b', 'c', 'd', 'm', 'q x', 'z']) {
    commit[`${dir}/kept.txt`] = lines(`kept_${dir.replace(' ', '_')}`, 12);
    commit[`${dir}/file.txt`] = lines(`file_${dir.replace(' ', '_')}`, 30);
  }
  commit['tab\there.txt'] = 'a deleted file whose name git quotes\n';
  const repo = makeRepo({ commit });
  repos.push(repo);
  for (const dir of ['a', 'b', 'c', 'd', 'm', 'q x', 'z']) {
    repo.write(`${dir}/kept.txt`, lines(`kept_${dir.replace(' ', '_')}`, 12).replace('line 5', 'line five'));
    repo.remove(`${dir}/file.txt`);
  }
  repo.remove('tab\there.txt');
  repo.write('moved/b.txt', lines('file_b', 30));
  repo.write('moved/d.txt', lines('file_d', 30));
  repo.write('moved/q x.txt', lines('file_q_x', 30));
  repo.write('moved/m.txt', lines('file_m', 30).replace('line 7 of', 'line seven of'));
  repo.write('new/alone.md', '# nothing like any deleted file\n');
  repo.write('new/other.md', 'also new, also unlike\n');
  return repo;
}

/** The serial way: the pairing first, then the tracked diff without its old paths and the untracked files without its new ones. */
async function readSerially(dir: string, ignoreWhitespace: boolean) {
  const { root } = await findRepository(dir);
  const target = await resolveTarget(root, { kind: 'working-tree' });
  const probe = await probeState(root, target);
  // The deleted files as git's rename detection leaves them (the state probe's listing did so when the pairing came first).
  const listing = await runGitText(['diff-index', '--raw', '--no-abbrev', ...NEUTRAL_LISTING_FLAGS, '--end-of-options', target.oldTree, '--'], { cwd: root });
  const deleted = parseRawZ(listing).filter((entry) => entry.status === 'D');
  const renames = (await pairUntrackedRenames(root, target, { deleted, untracked: probe.untracked }, ignoreWhitespace, probe.stats))?.renames;
  let patch = '';
  const tracked = await readTrackedDiff(root, target, ignoreWhitespace, (text) => (patch += text), { worktreeStats: probe.stats, ...(renames ? { exclude: renames.oldPaths } : {}) });
  const untracked = await readUntrackedFiles(root, probe.untracked.filter((path) => !renames?.newPaths.has(path)), ignoreWhitespace, probe.stats);
  const entries = [...tracked.entries, ...untracked.entries, ...(renames?.entries ?? [])];
  return { patch: patch + untracked.patch + (renames?.patch ?? ''), entries };
}

async function readSideBySide(dir: string, ignoreWhitespace: boolean) {
  const { root } = await findRepository(dir);
  const target = await resolveTarget(root, { kind: 'working-tree' });
  const probe = await probeState(root, target);
  let patch = '';
  const read = await readReviewDiff(root, target, probe, ignoreWhitespace, true, (text) => (patch += text));
  const entries = [...read.tracked.entries, ...(read.untracked?.entries ?? []), ...(read.renames?.entries ?? [])];
  return { patch: patch + (read.untracked?.patch ?? '') + (read.renames?.patch ?? ''), entries };
}

const pathsOf = (files: readonly FileFacts[]) => files.map((file) => `${file.status} ${file.oldPath ?? ''}>${file.path}`);

describe('reading the diff while the pairing runs', () => {
  for (const ignoreWhitespace of [false, true]) {
    it(`gives the serial reading's patch, entries and fingerprint${ignoreWhitespace ? ' (-w)' : ''}`, async () => {
      const repo = mixedRepo();
      const serial = await readSerially(repo.dir, ignoreWhitespace);
      const sideBySide = await readSideBySide(repo.dir, ignoreWhitespace);
      expect(sideBySide.patch).toBe(serial.patch);
      expect(sideBySide.entries).toEqual(serial.entries);
      // The whole reading, as the review serves it: the same files and fingerprint.
      const source = await gitSource(repo.dir);
      const { data } = await source.read({ ignoreWhitespace, recordContents: false });
      const files = serial.entries.map((entry) => entry.facts);
      expect(data.patch).toBe(serial.patch);
      expect(data.files).toEqual(files);
      expect(data.fingerprint).toBe(fingerprintReview(serial.patch, files));
    });
  }

  it('keeps every unpaired deleted file once and shows a paired one only as its rename', async () => {
    const repo = mixedRepo();
    const { data } = await (await gitSource(repo.dir)).read({ ignoreWhitespace: false, recordContents: false });
    const listed = pathsOf(data.files);
    expect(listed.filter((file) => file.startsWith('deleted ')).sort()).toEqual(['deleted >a/file.txt', 'deleted >c/file.txt', 'deleted >tab\there.txt', 'deleted >z/file.txt']);
    expect(listed.filter((file) => file.startsWith('renamed ')).sort()).toEqual([
      'renamed b/file.txt>moved/b.txt',
      'renamed d/file.txt>moved/d.txt',
      'renamed m/file.txt>moved/m.txt',
      'renamed q x/file.txt>moved/q x.txt',
    ]);
    expect(listed.filter((file) => file.startsWith('added ')).sort()).toEqual(['added >new/alone.md', 'added >new/other.md']);
    expect(new Set(data.files.map((file) => file.path)).size).toBe(data.files.length);
    // One section per file, in the files' order: nothing paired twice, nothing lost.
    const headers = data.patch.split('\n').filter((line) => line.startsWith('diff --git '));
    expect(headers).toHaveLength(data.files.length);
    expect(headers.filter((line) => line.includes('b/file.txt'))).toEqual(['diff --git a/b/file.txt b/moved/b.txt']);
    expect(headers).toContain('diff --git "a/tab\\there.txt" "b/tab\\there.txt"');
  });
});
