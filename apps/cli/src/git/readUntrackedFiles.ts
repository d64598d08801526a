/**
 * Untracked files, which are what an agent most often leaves behind, diffed
 * as new files exactly as `git diff --no-index /dev/null <file>` prints them.
 *
 * All of them in one git run: the files are marked intent-to-add in a
 * temporary index of their own (GIT_INDEX_FILE in a private temp dir; the
 * repository's index is never touched), and `git diff --raw -p -z` of that
 * index against the working tree prints every one as a new file, in one
 * process, with git's own binary detection, modes, blob ids, filters and
 * quoting (the private index: temporaryIndex.ts). Should that
 * not work out (an old git, a file gone in between), each file is diffed on
 * its own against /dev/null, as before.
 */
import type { BigIntStats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileFacts } from '@redline/core';
import { mapConcurrently } from '../mapConcurrently.js';
import { scanPatchSections } from '../patch/patchSectionScanner.js';
import type { FileEntry } from '../review/reviewSnapshot.js';
import { NEUTRAL_DIFF_FLAGS } from './diffFlags.js';
import { MODE_GITLINK, MODE_SYMLINK, modeOfStats } from './fileModes.js';
import { pairPatchSections, type EntryPatchFacts } from './pairPatchSections.js';
import { RAW_AND_PATCH_FLAGS, readRawAndPatch } from './readRawAndPatch.js';
import { runGit } from './runGit.js';
import { addIntentToAdd, TEMP_INDEX_CONFIG, withTemporaryIndex } from './temporaryIndex.js';

export interface UntrackedReading {
  patch: string;
  entries: FileEntry[];
  /** How the files were diffed: together over a temporary index, or one git run each (the fallback). */
  diffedBy: 'intent-to-add' | 'one-by-one';
}

/** In the fallback each file is one git process; a few run at a time. */
const PARALLEL_DIFFS = 4;

export async function listUntrackedFiles(root: string): Promise<string[]> {
  const result = await runGit(['ls-files', '--others', '--exclude-standard', '-z'], { cwd: root });
  // A trailing slash marks an untracked nested repository: git cannot diff
  // it as a file, so it is left out of the review.
  return result.stdout
    .toString('utf8')
    .split('\0')
    .filter((path) => path !== '' && !path.endsWith('/'));
}

/**
 * @param paths the untracked files, as listed by listUntrackedFiles
 * @param stats lstat results taken when they were listed (sizes come from there)
 */
export async function readUntrackedFiles(
  root: string,
  paths: readonly string[],
  ignoreWhitespace: boolean,
  stats: ReadonlyMap<string, BigIntStats | null> = new Map(),
): Promise<UntrackedReading> {
  if (paths.length === 0) return { patch: '', entries: [], diffedBy: 'intent-to-add' };
  const together = await diffWithIntentToAdd(root, paths, ignoreWhitespace, stats);
  return together ?? readUntrackedFilesOneByOne(root, paths, ignoreWhitespace);
}

/** All files in one `git diff` over a temporary index; null when git would not do it that way. */
async function diffWithIntentToAdd(
  root: string,
  paths: readonly string[],
  ignoreWhitespace: boolean,
  stats: ReadonlyMap<string, BigIntStats | null>,
): Promise<UntrackedReading | null> {
  const reading = await withTemporaryIndex(root, async (env) => {
    if (!(await addIntentToAdd(root, env, paths))) return null;
    const parts: string[] = [];
    const output = await readRawAndPatch(
      [...TEMP_INDEX_CONFIG, 'diff', ...RAW_AND_PATCH_FLAGS, ...NEUTRAL_DIFF_FLAGS, ...(ignoreWhitespace ? ['-w'] : []), '--'],
      { cwd: root, env, onPatchText: (text) => parts.push(text) },
    );
    // Exactly the listed files, each as a new file; anything else (a file
    // removed or replaced in between) is left to the one-by-one way.
    const listed = new Set(paths);
    if (output.raw.length !== listed.size || output.raw.some((entry) => entry.status !== 'A' || !listed.has(entry.path))) return null;
    const paired = output.strayLines === 0 ? pairPatchSections(output.raw, output.sections) : null;
    if (!paired) return null;
    const entries = await Promise.all(
      output.raw.map((entry, i) => addedFileEntry(root, entry.path, entry.newMode, paired[i]!, stats.get(entry.path))),
    );
    return { patch: parts.join(''), entries, diffedBy: 'intent-to-add' as const };
  });
  return reading ?? null;
}

/** The fallback, one `git diff --no-index /dev/null <file>` per file (files gone since they were listed are left out). */
export async function readUntrackedFilesOneByOne(root: string, paths: readonly string[], ignoreWhitespace: boolean): Promise<UntrackedReading> {
  const read = await mapConcurrently(paths, PARALLEL_DIFFS, (path) => diffOneFile(root, path, ignoreWhitespace));
  const present = read.filter((item): item is { patch: string; entry: FileEntry } => item !== null);
  return { patch: present.map((item) => item.patch).join(''), entries: present.map((item) => item.entry), diffedBy: 'one-by-one' };
}

async function diffOneFile(root: string, path: string, ignoreWhitespace: boolean): Promise<{ patch: string; entry: FileEntry } | null> {
  const stats = await lstat(join(root, path), { bigint: true }).catch(() => null);
  if (!stats) return null; // deleted since it was listed
  const result = await runGit(
    ['diff', '--no-index', ...NEUTRAL_DIFF_FLAGS, ...(ignoreWhitespace ? ['-w'] : []), '--', '/dev/null', path],
    { cwd: root, okExitCodes: [0, 1] },
  );
  const patch = result.stdout.toString('utf8');
  const { sections } = scanPatchSections(patch);
  const facts: EntryPatchFacts = { additions: 0, deletions: 0, binary: false, sections: sections.length, newBlob: null, newMode: null };
  for (const section of sections) {
    facts.additions += section.additions;
    facts.binary ||= section.binary;
    facts.newBlob = section.newBlob ?? facts.newBlob;
    facts.newMode = section.newMode ?? facts.newMode;
  }
  return { patch, entry: await addedFileEntry(root, path, facts.newMode ?? modeOfStats(stats), facts, stats) };
}

async function addedFileEntry(
  root: string,
  path: string,
  newMode: string,
  counts: EntryPatchFacts,
  known: BigIntStats | null | undefined,
): Promise<FileEntry> {
  const stats = known !== undefined ? known : await lstat(join(root, path), { bigint: true }).catch(() => null);
  const facts: FileFacts = {
    path,
    oldPath: null,
    status: 'added',
    binary: counts.binary,
    oldMode: null,
    newMode,
    oldBlob: null,
    newBlob: null,
    oldSize: null,
    newSize: newMode === MODE_GITLINK || !stats ? null : Number(stats.size),
    additions: counts.additions,
    deletions: 0,
    symlink: newMode === MODE_SYMLINK,
    submodule: newMode === MODE_GITLINK,
  };
  return { facts, newSource: 'worktree', recordedNewBlob: counts.newBlob, recordedNewSha256: null };
}
