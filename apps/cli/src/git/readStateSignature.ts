/**
 * A cheap summary of everything the diff depends on, so freshness polls need
 * not recompute the whole diff: the `--raw` listing (statuses, modes, blob
 * ids, paths; no content diffing), the untracked file list, and lstat facts
 * (size, mtime, ctime, inode) of every working-tree file of the diff. Equal
 * signatures mean the diff is unchanged; a different one only means "look
 * again" (a touched file changes it without changing the diff).
 */
import { createHash } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { mapConcurrently } from '../mapConcurrently.js';
import { NEUTRAL_LISTING_FLAGS } from './diffFlags.js';
import { parseRawZ } from './parseRawZ.js';
import { listUntrackedFiles } from './readUntrackedFiles.js';
import type { GitTarget } from './resolveTarget.js';
import { runGit } from './runGit.js';

export async function readStateSignature(root: string, target: GitTarget): Promise<string> {
  const hash = createHash('sha256');
  if (target.newSide.kind === 'commit') {
    // Two fixed commits: the diff can never change.
    return hash.update(`${target.oldTree}..${target.newSide.commit}`).digest('hex');
  }
  const options = target.newSide.kind === 'index' ? ['--cached'] : [];
  const [raw, untracked] = await Promise.all([
    runGit(['diff', '--raw', '--no-abbrev', ...NEUTRAL_LISTING_FLAGS, ...options, '--end-of-options', target.oldTree, '--'], { cwd: root }),
    target.includeUntracked ? listUntrackedFiles(root) : Promise.resolve([]),
  ]);
  hash.update(raw.stdout).update('\0\0').update(untracked.join('\0')).update('\0\0');
  if (target.newSide.kind === 'worktree') {
    const paths = [...parseRawZ(raw.stdout.toString('utf8')).map((entry) => entry.path), ...untracked];
    const stats = await mapConcurrently(paths, 16, (path) => lstat(join(root, path), { bigint: true }).catch(() => null));
    for (const info of stats) {
      hash.update(info ? `${info.size}:${info.mtimeNs}:${info.ctimeNs}:${info.ino}:${info.mode}\n` : 'missing\n');
    }
  }
  return hash.digest('hex');
}
