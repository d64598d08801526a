/**
 * Untracked files, which are what an agent most often leaves behind: listed
 * with `ls-files --others --exclude-standard -z` and each diffed against
 * /dev/null with `git diff --no-index` (exit code 1 means "differs").
 */
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileFacts } from '@redline/core';
import { mapConcurrently } from '../mapConcurrently.js';
import type { FileEntry } from '../review/reviewSnapshot.js';
import { NEUTRAL_DIFF_FLAGS } from './diffFlags.js';
import { MODE_GITLINK, MODE_SYMLINK, modeOfStats } from './fileModes.js';
import type { DiffReading } from './readTrackedDiff.js';
import { runGit } from './runGit.js';

/** Untracked files are diffed a few at a time: each is one git process. */
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

export async function readUntrackedFiles(root: string, ignoreWhitespace: boolean): Promise<DiffReading> {
  const paths = await listUntrackedFiles(root);
  const read = await mapConcurrently(paths, PARALLEL_DIFFS, (path) => readUntrackedFile(root, path, ignoreWhitespace));
  const present = read.filter((item): item is { patch: string; entry: FileEntry } => item !== null);
  return { patch: present.map((item) => item.patch).join(''), entries: present.map((item) => item.entry) };
}

async function readUntrackedFile(
  root: string,
  path: string,
  ignoreWhitespace: boolean,
): Promise<{ patch: string; entry: FileEntry } | null> {
  const stats = await lstat(join(root, path)).catch(() => null);
  if (!stats) return null; // deleted since it was listed
  const result = await runGit(
    ['diff', '--no-index', ...NEUTRAL_DIFF_FLAGS, ...(ignoreWhitespace ? ['-w'] : []), '--', '/dev/null', path],
    { cwd: root, okExitCodes: [0, 1] },
  );
  const patch = result.stdout.toString('utf8');
  const shape = describeAddedFilePatch(patch);
  const newMode = shape.mode ?? modeOfStats(stats);
  const facts: FileFacts = {
    path,
    oldPath: null,
    status: 'added',
    binary: shape.binary,
    oldMode: null,
    newMode,
    oldBlob: null,
    newBlob: null,
    oldSize: null,
    newSize: newMode === MODE_GITLINK ? null : stats.size,
    additions: shape.additions,
    deletions: 0,
    symlink: newMode === MODE_SYMLINK,
    submodule: newMode === MODE_GITLINK,
  };
  return { patch, entry: { facts, newSource: 'worktree', recordedNewSha256: null } };
}

/** The mode, binary flag and added-line count of a one-file "new file" patch. */
export function describeAddedFilePatch(patch: string): { mode: string | null; binary: boolean; additions: number } {
  const lines = patch.split('\n');
  let mode: string | null = null;
  let inHunks = false;
  let binary = false;
  let additions = 0;
  for (const line of lines) {
    if (!inHunks) {
      const modeMatch = /^new file mode (\d{6})$/.exec(line);
      if (modeMatch) mode = modeMatch[1] ?? null;
      else if (line.startsWith('Binary files ') || line === 'GIT binary patch') binary = true;
      else if (line.startsWith('@@ ')) inHunks = true;
      continue;
    }
    if (line.startsWith('+')) additions++;
  }
  return { mode, binary, additions };
}
