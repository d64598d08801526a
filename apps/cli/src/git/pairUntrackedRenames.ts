/**
 * A file the agent moved or converted (`src/diff/base.js` deleted, an
 * untracked `base.ts` in its place) is one renamed file, not a deletion and
 * an unrelated addition: git pairs them itself when its rename
 * detection runs over an index that knows both. The tracked diff and the
 * untracked files are read by separate git runs, so neither sees the pair;
 * this run does, over a private index (temporaryIndex.ts) holding the
 * deleted files as they were (mode and blob id from the tracked diff's raw
 * records) and the untracked files as intent-to-add: `git diff -M
 * --diff-filter=AR` against the working tree prints exactly the pairs git
 * finds similar (its default threshold, 50%), each with the patch between
 * the two files, and every other untracked file as a new file, as
 * readUntrackedFiles would alone. The caller leaves the paired deleted
 * files out of the tracked diff.
 */
import type { FileEntry } from '../review/reviewSnapshot.js';
import { NEUTRAL_DIFF_FLAGS } from './diffFlags.js';
import { MODE_GITLINK } from './fileModes.js';
import { pairPatchSections } from './pairPatchSections.js';
import { gitDiffHeader } from '../patch/gitDiffHeader.js';
import { PatchSectionGate } from '../patch/patchSectionGate.js';
import type { RawEntry } from './parseRawZ.js';
import { RAW_AND_PATCH_FLAGS, readRawAndPatch } from './readRawAndPatch.js';
import { readObjectSizes } from './readObjectSizes.js';
import { toFileEntry, type WorktreeStats } from './readTrackedDiff.js';
import { addedFileEntry, type UntrackedReading } from './readUntrackedFiles.js';
import type { GitTarget } from './resolveTarget.js';
import { runGit } from './runGit.js';
import { addIntentToAdd, TEMP_INDEX_CONFIG, withTemporaryIndex } from './temporaryIndex.js';

export interface UntrackedRenames {
  /** The pairs' patch sections, in the order of `entries`. */
  patch: string;
  entries: FileEntry[];
  /** The deleted tracked paths paired (leave them out of the tracked diff). */
  oldPaths: ReadonlySet<string>;
  /** The untracked paths paired (leave them out of the untracked diff). */
  newPaths: ReadonlySet<string>;
}

export interface RenameCandidates {
  /** Tracked files deleted in the working tree (the tracked diff's `D` records, after git's own tracked rename pairing). */
  deleted: readonly RawEntry[];
  untracked: readonly string[];
}

/** The deleted files that may pair (none when no file is untracked or the new side is not the working tree): the pairs' old paths are among them. */
export function deletedThatMayPair(target: GitTarget, candidates: RenameCandidates): RawEntry[] {
  if (candidates.untracked.length === 0 || target.newSide.kind !== 'worktree') return [];
  return candidates.deleted.filter((entry) => entry.oldMode !== MODE_GITLINK);
}

/** One run's two readings: the pairs, and the untracked files left unpaired as new files. */
export interface PairedUntracked {
  /** Null when nothing pairs. */
  renames: UntrackedRenames | null;
  /** The untracked files that did not pair, as readUntrackedFiles reads them. */
  untracked: UntrackedReading;
}

/**
 * The pairs and the unpaired untracked files from the same run
 * (`--diff-filter=AR`: a pair is R, an unpaired untracked file A, each
 * section as git writes it alone); null when there are no deleted files that
 * may pair, or git would not say (then nothing is paired, and the caller
 * reads the untracked files on their own).
 */
export async function pairUntrackedRenames(
  root: string,
  target: GitTarget,
  candidates: RenameCandidates,
  ignoreWhitespace: boolean,
  stats: WorktreeStats,
): Promise<PairedUntracked | null> {
  const deleted = deletedThatMayPair(target, candidates);
  if (deleted.length === 0) return null;
  const reading = await withTemporaryIndex(root, async (env) => {
    const index = deleted.map((entry) => `${entry.oldMode} ${entry.oldOid}\t${entry.path}\0`).join('');
    const filled = await runGit([...TEMP_INDEX_CONFIG, 'update-index', '-z', '--index-info'], { cwd: root, env, input: index, okExitCodes: [0, 1, 128, 129] });
    if (filled.exitCode !== 0 || !(await addIntentToAdd(root, env, candidates.untracked))) return null;
    const parts: string[] = [];
    const output = await readRawAndPatch(
      [...TEMP_INDEX_CONFIG, 'diff', ...RAW_AND_PATCH_FLAGS, ...NEUTRAL_DIFF_FLAGS, '--diff-filter=AR', ...(ignoreWhitespace ? ['-w'] : []), '--'],
      { cwd: root, env, onPatchText: (text) => parts.push(text) },
    );
    if (!coversEachUntrackedOnce(output.raw, deleted, candidates.untracked)) return null;
    const paired = output.strayLines === 0 ? pairPatchSections(output.raw, output.sections) : null;
    if (!paired) return null;
    const pairs = output.raw.flatMap((entry, i) => (entry.status === 'R' ? [{ entry, counts: paired[i]! }] : []));
    const added = output.raw.flatMap((entry, i) => (entry.status === 'A' ? [{ entry, counts: paired[i]! }] : []));
    const patch = parts.join('');
    const untracked: UntrackedReading = {
      patch: withoutSections(patch, pairs.map(({ entry }) => gitDiffHeader(entry.oldPath!, entry.path))),
      entries: await Promise.all(added.map(({ entry, counts }) => addedFileEntry(root, entry.path, entry.newMode, counts, stats.get(entry.path)))),
      diffedBy: 'intent-to-add',
    };
    if (pairs.length === 0) return { renames: null, untracked };
    const sizes = await readObjectSizes(root, pairs.map(({ entry }) => entry.oldOid));
    const renames: UntrackedRenames = {
      patch: withoutSections(patch, added.map(({ entry }) => gitDiffHeader(entry.path, entry.path))),
      entries: await Promise.all(pairs.map(({ entry, counts }) => toFileEntry(root, target, entry, counts, sizes, stats))),
      oldPaths: new Set(pairs.map(({ entry }) => entry.oldPath!)),
      newPaths: new Set(pairs.map(({ entry }) => entry.path)),
    };
    return { renames, untracked };
  });
  return reading ?? null;
}

/** Every untracked file exactly once, new or the new side of a pair with a deleted file; nothing else. */
function coversEachUntrackedOnce(raw: readonly RawEntry[], deleted: readonly RawEntry[], untracked: readonly string[]): boolean {
  const left = new Set(untracked);
  const deletedPaths = new Set(deleted.map((entry) => entry.path));
  for (const entry of raw) {
    if (!left.delete(entry.path)) return false;
    if (entry.status === 'R' ? !deletedPaths.has(entry.oldPath ?? '') : entry.status !== 'A') return false;
  }
  return left.size === 0;
}

/** The patch without the sections headed by `headers` (each heads one section). */
function withoutSections(patch: string, headers: readonly string[]): string {
  if (headers.length === 0) return patch;
  const drop = new Set(headers);
  const out: string[] = [];
  const gate = new PatchSectionGate(drop, (text) => out.push(text));
  gate.decide(drop);
  gate.push(patch);
  gate.end();
  return out.join('');
}
