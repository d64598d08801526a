/**
 * A file the agent moved or converted (`src/diff/base.js` deleted, an
 * untracked `base.ts` in its place) is one renamed file, not a deletion and
 * an unrelated addition: git pairs them itself when its rename
 * detection runs over an index that knows both. The tracked diff and the
 * untracked files are read by separate git runs, so neither sees the pair;
 * this run does, over a private index (temporaryIndex.ts) holding the
 * deleted files as they were (mode and blob id from the state probe) and
 * the untracked files as intent-to-add: `git diff -M --diff-filter=R`
 * against the working tree prints exactly the pairs git finds similar (its
 * default threshold, 50%), each with the patch between the two files. The
 * caller leaves the paired paths out of the other two runs.
 */
import type { FileEntry } from '../review/reviewSnapshot.js';
import { NEUTRAL_DIFF_FLAGS } from './diffFlags.js';
import { MODE_GITLINK } from './fileModes.js';
import { pairPatchSections } from './pairPatchSections.js';
import type { RawEntry } from './parseRawZ.js';
import { RAW_AND_PATCH_FLAGS, readRawAndPatch } from './readRawAndPatch.js';
import { readObjectSizes } from './readObjectSizes.js';
import { toFileEntry, type WorktreeStats } from './readTrackedDiff.js';
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
  /** Tracked files deleted in the working tree (the state probe's `D` records, after git's own tracked rename pairing). */
  deleted: readonly RawEntry[];
  untracked: readonly string[];
}

/** The pairs, or null when there are none (or git would not say: then nothing is paired, as before). */
export async function pairUntrackedRenames(
  root: string,
  target: GitTarget,
  candidates: RenameCandidates,
  ignoreWhitespace: boolean,
  stats: WorktreeStats,
): Promise<UntrackedRenames | null> {
  const deleted = candidates.deleted.filter((entry) => entry.oldMode !== MODE_GITLINK);
  if (deleted.length === 0 || candidates.untracked.length === 0 || target.newSide.kind !== 'worktree') return null;
  return withTemporaryIndex(root, async (env) => {
    const index = deleted.map((entry) => `${entry.oldMode} ${entry.oldOid}\t${entry.path}\0`).join('');
    const filled = await runGit([...TEMP_INDEX_CONFIG, 'update-index', '-z', '--index-info'], { cwd: root, env, input: index, okExitCodes: [0, 1, 128, 129] });
    if (filled.exitCode !== 0 || !(await addIntentToAdd(root, env, candidates.untracked))) return null;
    const parts: string[] = [];
    const output = await readRawAndPatch(
      [...TEMP_INDEX_CONFIG, 'diff', ...RAW_AND_PATCH_FLAGS, ...NEUTRAL_DIFF_FLAGS, '--diff-filter=R', ...(ignoreWhitespace ? ['-w'] : []), '--'],
      { cwd: root, env, onPatchText: (text) => parts.push(text) },
    );
    if (output.raw.length === 0) return null;
    const paired = output.strayLines === 0 ? pairPatchSections(output.raw, output.sections) : null;
    if (!paired) return null;
    const sizes = await readObjectSizes(root, output.raw.map((entry) => entry.oldOid));
    const entries = await Promise.all(output.raw.map((entry, i) => toFileEntry(root, target, entry, paired[i]!, sizes, stats)));
    return {
      patch: parts.join(''),
      entries,
      oldPaths: new Set(output.raw.map((entry) => entry.oldPath ?? entry.path)),
      newPaths: new Set(output.raw.map((entry) => entry.path)),
    };
  });
}
