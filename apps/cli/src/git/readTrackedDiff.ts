/**
 * The diff of tracked files between the target's two sides, from ONE git
 * run (`git diff --raw -p -z`): the patch as git writes it, streamed to the
 * caller, and per-file facts joined from the same run's raw records (status,
 * modes, blob ids, exact paths) and the patch's own sections (counts, binary,
 * the new side's blob id), plus object sizes from one `cat-file` call started
 * as soon as the raw records are in. If the sections cannot be lined up with
 * the entries, the counts come from `git diff --numstat` as before.
 */
import type { BigIntStats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileMove, type FileFacts, type FileStatus } from '@redline/core';
import { RedlineError } from '../errors.js';
import type { FileEntry } from '../review/reviewSnapshot.js';
import { NEUTRAL_DIFF_FLAGS, NEUTRAL_LISTING_FLAGS } from './diffFlags.js';
import { isNullOid, MODE_GITLINK, MODE_SYMLINK } from './fileModes.js';
import { pairPatchSections, type EntryPatchFacts } from './pairPatchSections.js';
import { parseNumstatZ } from './parseNumstatZ.js';
import type { RawEntry } from './parseRawZ.js';
import { RAW_AND_PATCH_FLAGS, readRawAndPatch } from './readRawAndPatch.js';
import { readObjectSizes } from './readObjectSizes.js';
import type { GitTarget } from './resolveTarget.js';
import { runGit } from './runGit.js';

export interface TrackedReading {
  entries: FileEntry[];
  /** Where the counts came from: the patch itself, or a separate numstat run (the fallback). */
  countsFrom: 'patch' | 'numstat';
}

/** lstat results taken before the diff was read (see probeState), by path. */
export type WorktreeStats = ReadonlyMap<string, BigIntStats | null>;

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

export async function readTrackedDiff(
  root: string,
  target: GitTarget,
  ignoreWhitespace: boolean,
  onPatchText: (text: string) => void,
  worktreeStats: WorktreeStats = new Map(),
  /** Paths left out (deleted files paired with untracked ones: pairUntrackedRenames). */
  exclude: ReadonlySet<string> = new Set(),
): Promise<TrackedReading> {
  const { options, revisions } = diffArguments(target);
  const whitespace = ignoreWhitespace ? ['-w'] : [];
  const tail = ['--end-of-options', ...revisions, '--', ...[...exclude].map((path) => `:(exclude,literal)${path}`)];
  let sizes: Promise<Map<string, number>> = Promise.resolve(new Map());
  const output = await readRawAndPatch(['diff', ...RAW_AND_PATCH_FLAGS, ...NEUTRAL_DIFF_FLAGS, ...whitespace, ...options, ...tail], {
    cwd: root,
    onRaw: (raw) => {
      sizes = readObjectSizes(root, blobIdsToMeasure(raw, target));
      sizes.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
    },
    onPatchText,
  });
  let paired = output.strayLines === 0 ? pairPatchSections(output.raw, output.sections) : null;
  const countsFrom = paired ? 'patch' : 'numstat';
  paired ??= await countWithNumstat(root, output.raw, [...whitespace, ...options, ...tail]);
  const sizeById = await sizes;
  const entries = await Promise.all(
    output.raw.map((entry, i) => toFileEntry(root, target, entry, paired[i]!, sizeById, worktreeStats)),
  );
  return { entries, countsFrom };
}

/** The fallback: counts and binary flags from a separate `--numstat` run, matched by paths. */
async function countWithNumstat(root: string, raw: readonly RawEntry[], args: readonly string[]): Promise<EntryPatchFacts[]> {
  const result = await runGit(['diff', '--numstat', ...NEUTRAL_LISTING_FLAGS, ...args], { cwd: root });
  const byPaths = new Map(parseNumstatZ(result.stdout.toString('utf8')).map((entry) => [`${entry.oldPath ?? ''}\0${entry.path}`, entry]));
  return raw.map((entry) => {
    const counts = byPaths.get(`${entry.oldPath ?? ''}\0${entry.path}`);
    return {
      additions: counts?.additions ?? 0,
      deletions: counts?.deletions ?? 0,
      binary: counts?.binary ?? false,
      sections: 0,
      newBlob: null,
      newMode: null,
    };
  });
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

/** One raw record of a diff of `target`, with its counts, as the review's file entry. */
export async function toFileEntry(
  root: string,
  target: GitTarget,
  entry: RawEntry,
  counts: EntryPatchFacts,
  sizes: Map<string, number>,
  worktreeStats: WorktreeStats,
): Promise<FileEntry> {
  const status = STATUS_BY_LETTER[entry.status];
  if (!status) throw new RedlineError('git-failed', `git reported an unknown change status '${entry.status}' for ${entry.path}`);
  const oldExists = status !== 'added';
  const newExists = status !== 'deleted';
  const oldMode = oldExists ? entry.oldMode : null;
  const newMode = newExists ? entry.newMode : null;
  const submodule = oldMode === MODE_GITLINK || newMode === MODE_GITLINK;
  const newFromWorktree = target.newSide.kind === 'worktree';
  const facts: FileFacts = {
    path: entry.path,
    ...fileMove(status, entry.oldPath, entry.score),
    binary: counts.binary,
    oldMode,
    newMode,
    oldBlob: oldExists && !isNullOid(entry.oldOid) ? entry.oldOid : null,
    newBlob: newExists && !isNullOid(entry.newOid) ? entry.newOid : null,
    oldSize: oldExists && oldMode !== MODE_GITLINK ? (sizes.get(entry.oldOid) ?? null) : null,
    newSize: null,
    additions: counts.additions,
    deletions: counts.deletions,
    symlink: oldMode === MODE_SYMLINK || newMode === MODE_SYMLINK,
    submodule,
  };
  if (newExists && newMode !== MODE_GITLINK) {
    facts.newSize = newFromWorktree ? await worktreeSize(root, entry.path, worktreeStats) : (sizes.get(entry.newOid) ?? null);
  }
  return {
    facts,
    newSource: !newExists ? 'none' : newFromWorktree ? 'worktree' : 'blob',
    recordedNewBlob: newFromWorktree && newExists ? worktreeBlobId(entry, counts) : null,
    recordedNewSha256: null,
  };
}

/**
 * The id of the working-tree content git diffed: the new side of the
 * section's index line (`--full-index` makes it whole). A section without
 * one means both sides have the same content (a pure rename or mode change),
 * so the old blob's id. Without a section (or counts from numstat) it is
 * unknown, and the content is hashed instead (see GitReviewSource).
 */
function worktreeBlobId(entry: RawEntry, counts: EntryPatchFacts): string | null {
  if (counts.newBlob) return counts.newBlob;
  if (counts.sections > 0 && entry.status !== 'A' && !isNullOid(entry.oldOid)) return entry.oldOid;
  return null;
}

async function worktreeSize(root: string, path: string, stats: WorktreeStats): Promise<number | null> {
  const known = stats.get(path);
  if (known !== undefined) return known ? Number(known.size) : null;
  const info = await lstat(join(root, path)).catch(() => null);
  return info ? info.size : null;
}
