/**
 * A cheap summary of everything the diff depends on, so freshness polls need
 * not recompute the whole diff: the raw listing (statuses, modes, blob ids,
 * paths; no content diffing), the untracked file list, and lstat facts
 * (size, mtime, ctime, inode) of every working-tree file of the diff. Equal
 * signatures mean the diff is unchanged; a different one only means "look
 * again" (a touched file changes it without changing the diff).
 *
 * The listing comes from plumbing, `git diff-index`, which trusts the index's
 * stat data instead of refreshing it: porcelain `git diff` would first hash
 * every stat-dirty file (all the changed ones), 50-120 ms on a 2,000-file
 * change against 5-10 ms. A file whose stat data differs from the index is
 * then listed even if its content is unchanged (its lstat facts are covered
 * anyway), and a racily clean entry is still compared by content, as git
 * always does, so any content change still changes the listing or the facts.
 *
 * A reading takes the probe first and reuses what it gathered (the untracked
 * list, the sizes): a change made while the diff is read then shows up as a
 * different signature at the next check.
 */
import { createHash } from 'node:crypto';
import { lstatSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { NEUTRAL_LISTING_FLAGS } from './diffFlags.js';
import { parseRawZ, type RawEntry } from './parseRawZ.js';
import { listUntrackedFiles } from './readUntrackedFiles.js';
import type { GitTarget } from './resolveTarget.js';
import { runGit } from './runGit.js';

export interface StateProbe {
  signature: string;
  /** The untracked files the signature covers (empty unless the target includes them). */
  untracked: string[];
  /** lstat of every working-tree path the signature covers (null: missing), by path. */
  stats: Map<string, BigIntStats | null>;
  /** Tracked files deleted on the new side, unpaired by git's rename detection (the working tree and index targets). */
  deleted: RawEntry[];
}

/** lstat calls between two turns of the event loop (synchronous calls are several times faster than promised ones). */
const LSTAT_BATCH = 512;

/**
 * The signature alone (a freshness check): the lstat results are hashed and
 * dropped, not kept for a reading. Kept, they outlived the probe's event-loop
 * turns and reached V8's old generation, so every check of a 10,000-file
 * review left about 10 MB there until a full collection: the server grew by
 * 20 MB every 5 s of an open page (two checks every 3 s), to 731 MB by the
 * end of the bench's walk through XL.
 */
export async function readStateSignature(root: string, target: GitTarget): Promise<string> {
  return (await probeState(root, target, false)).signature;
}

/** @param keepStats keep every lstat result in `stats` (a reading reuses them); false leaves `stats` empty */
export async function probeState(root: string, target: GitTarget, keepStats = true): Promise<StateProbe> {
  const hash = createHash('sha256');
  if (target.newSide.kind === 'commit') {
    // Two fixed commits: the diff can never change.
    return { signature: hash.update(`${target.oldTree}..${target.newSide.commit}`).digest('hex'), untracked: [], stats: new Map(), deleted: [] };
  }
  const options = target.newSide.kind === 'index' ? ['--cached'] : [];
  const [raw, untracked] = await Promise.all([
    runGit(['diff-index', '--raw', '--no-abbrev', ...NEUTRAL_LISTING_FLAGS, ...options, '--end-of-options', target.oldTree, '--'], { cwd: root }),
    target.includeUntracked ? listUntrackedFiles(root) : Promise.resolve([]),
  ]);
  hash.update(raw.stdout).update('\0\0').update(untracked.join('\0')).update('\0\0');
  const stats = new Map<string, BigIntStats | null>();
  const listed = parseRawZ(raw.stdout.toString('utf8'));
  const deleted = listed.filter((entry) => entry.status === 'D');
  if (target.newSide.kind === 'worktree') {
    const paths = [...listed.map((entry) => entry.path), ...untracked];
    for (let start = 0; start < paths.length; start += LSTAT_BATCH) {
      if (start > 0) await nextTurn();
      for (const path of paths.slice(start, start + LSTAT_BATCH)) {
        const info = lstatOrNull(join(root, path));
        if (keepStats) stats.set(path, info);
        hash.update(info ? `${info.size}:${info.mtimeNs}:${info.ctimeNs}:${info.ino}:${info.mode}\n` : 'missing\n');
      }
    }
  }
  return { signature: hash.digest('hex'), untracked, stats, deleted };
}

function lstatOrNull(path: string): BigIntStats | null {
  try {
    return lstatSync(path, { bigint: true });
  } catch {
    return null;
  }
}
