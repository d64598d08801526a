/**
 * The diff of tracked files between the target's two sides: the patch as git
 * writes it, plus per-file facts joined from `--raw -z` (status, modes, blob
 * ids, exact paths), `--numstat -z` (counts, binary) and object sizes.
 */
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileFacts, FileStatus } from '@redline/core';
import { RedlineError } from '../errors.js';
import type { FileEntry } from '../review/reviewSnapshot.js';
import { NEUTRAL_DIFF_FLAGS, NEUTRAL_LISTING_FLAGS } from './diffFlags.js';
import { isNullOid, MODE_GITLINK, MODE_SYMLINK } from './fileModes.js';
import { parseNumstatZ, type NumstatEntry } from './parseNumstatZ.js';
import { parseRawZ, type RawEntry } from './parseRawZ.js';
import { readObjectSizes } from './readObjectSizes.js';
import type { GitTarget } from './resolveTarget.js';
import { runGit } from './runGit.js';

export interface DiffReading {
  patch: string;
  entries: FileEntry[];
}

const STATUS_BY_LETTER: Record<string, FileStatus> = {
  A: 'added',
  M: 'modified',
  D: 'deleted',
  R: 'renamed',
  C: 'copied',
  T: 'type-changed',
  // Unmerged paths (a conflict in progress) show as modified files.
  U: 'modified',
};

/** Options before `--end-of-options`, revisions after it. */
function diffArguments(target: GitTarget): { options: string[]; revisions: string[] } {
  switch (target.newSide.kind) {
    case 'worktree':
      return { options: [], revisions: [target.oldTree] };
    case 'index':
      return { options: ['--cached'], revisions: [target.oldTree] };
    case 'commit':
      return { options: [], revisions: [target.oldTree, target.newSide.commit] };
  }
}

export async function readTrackedDiff(root: string, target: GitTarget, ignoreWhitespace: boolean): Promise<DiffReading> {
  const { options, revisions } = diffArguments(target);
  const whitespace = ignoreWhitespace ? ['-w'] : [];
  const tail = ['--end-of-options', ...revisions, '--'];
  const [patchResult, rawResult, numstatResult] = await Promise.all([
    runGit(['diff', ...NEUTRAL_DIFF_FLAGS, ...whitespace, ...options, ...tail], { cwd: root }),
    runGit(['diff', '--raw', '--no-abbrev', ...NEUTRAL_LISTING_FLAGS, ...options, ...tail], { cwd: root }),
    runGit(['diff', '--numstat', ...NEUTRAL_LISTING_FLAGS, ...whitespace, ...options, ...tail], { cwd: root }),
  ]);
  const raw = parseRawZ(rawResult.stdout.toString('utf8'));
  const numstat = indexNumstat(parseNumstatZ(numstatResult.stdout.toString('utf8')));
  const sizes = await readObjectSizes(root, blobIdsToMeasure(raw, target));
  const entries = await Promise.all(raw.map((entry) => toFileEntry(root, target, entry, numstat, sizes)));
  return { patch: patchResult.stdout.toString('utf8'), entries };
}

function indexNumstat(entries: NumstatEntry[]): Map<string, NumstatEntry> {
  return new Map(entries.map((entry) => [`${entry.oldPath ?? ''}\0${entry.path}`, entry]));
}

function blobIdsToMeasure(raw: RawEntry[], target: GitTarget): string[] {
  const oids: string[] = [];
  for (const entry of raw) {
    if (!isNullOid(entry.oldOid) && entry.oldMode !== MODE_GITLINK) oids.push(entry.oldOid);
    if (target.newSide.kind !== 'worktree' && !isNullOid(entry.newOid) && entry.newMode !== MODE_GITLINK) {
      oids.push(entry.newOid);
    }
  }
  return oids;
}

async function toFileEntry(
  root: string,
  target: GitTarget,
  entry: RawEntry,
  numstat: Map<string, NumstatEntry>,
  sizes: Map<string, number>,
): Promise<FileEntry> {
  const status = STATUS_BY_LETTER[entry.status];
  if (!status) throw new RedlineError('git-failed', `git reported an unknown change status '${entry.status}' for ${entry.path}`);
  const counts = numstat.get(`${entry.oldPath ?? ''}\0${entry.path}`);
  const oldExists = status !== 'added';
  const newExists = status !== 'deleted';
  const oldMode = oldExists ? entry.oldMode : null;
  const newMode = newExists ? entry.newMode : null;
  const submodule = oldMode === MODE_GITLINK || newMode === MODE_GITLINK;
  const newFromWorktree = target.newSide.kind === 'worktree';
  const facts: FileFacts = {
    path: entry.path,
    oldPath: status === 'renamed' || status === 'copied' ? entry.oldPath : null,
    status,
    binary: counts?.binary ?? false,
    oldMode,
    newMode,
    oldBlob: oldExists && !isNullOid(entry.oldOid) ? entry.oldOid : null,
    newBlob: newExists && !isNullOid(entry.newOid) ? entry.newOid : null,
    oldSize: oldExists && oldMode !== MODE_GITLINK ? (sizes.get(entry.oldOid) ?? null) : null,
    newSize: null,
    additions: counts?.additions ?? 0,
    deletions: counts?.deletions ?? 0,
    symlink: oldMode === MODE_SYMLINK || newMode === MODE_SYMLINK,
    submodule,
  };
  if (newExists && newMode !== MODE_GITLINK) {
    facts.newSize = newFromWorktree ? await worktreeSize(root, entry.path) : (sizes.get(entry.newOid) ?? null);
  }
  return {
    facts,
    newSource: !newExists ? 'none' : newFromWorktree ? 'worktree' : 'blob',
    recordedNewSha256: null,
  };
}

async function worktreeSize(root: string, path: string): Promise<number | null> {
  const stats = await lstat(join(root, path)).catch(() => null);
  return stats ? stats.size : null;
}
