/**
 * The reviewed state as a git tree, written with the user's own git through
 * a private index (GIT_INDEX_FILE in a temp dir, as the untracked-file
 * reader does): the repository's index, HEAD, refs and working tree are
 * never touched; only objects are added to its object store.
 *
 * - working tree: a copy of the user's index (so unchanged files are not
 *   hashed again), then `git add -A` (tracked changes, deletions and
 *   untracked files, not ignored ones: what the review showed), `write-tree`;
 * - index: a copy of the user's index, `write-tree`;
 * - a commit: its tree.
 */
import { copyFile, mkdtemp, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGitText } from '../git/runGit.js';
import type { SeriesTarget } from './roundRecord.js';

/** As for the untracked reader's temporary index: no split index files in .git, no fsmonitor hook. */
const PRIVATE_INDEX_CONFIG = ['-c', 'core.splitIndex=false', '-c', 'core.fsmonitor=false', '-c', 'core.untrackedCache=false'];

/**
 * The copy keeps the index file's mtime: git trusts an entry's stat data
 * only when the file is older than the index ("racy git"), and a copy with
 * a new mtime made entries written in the same second as their file look
 * clean. A file edited right after `git mv` (same size) was recorded with
 * its staged content (e2e rounds.spec: 3 of 6 files wrongly "changed since
 * round 1").
 */
async function copyIndex(from: string, to: string): Promise<void> {
  try {
    await copyFile(from, to);
  } catch {
    return; // No index yet (a repository without commits): start from an empty one.
  }
  const { atime, mtime } = await stat(from);
  await utimes(to, atime, mtime);
}

export async function writeRoundState(root: string, target: SeriesTarget): Promise<string> {
  if (target.kind === 'commits' || target.kind === 'pull-request') return (await runGitText(['rev-parse', '--verify', `${target.newCommit}^{tree}`], { cwd: root })).trim();
  const dir = await mkdtemp(join(tmpdir(), 'redline-round-'));
  try {
    const env = { GIT_INDEX_FILE: join(dir, 'index') };
    const userIndex = (await runGitText(['rev-parse', '--path-format=absolute', '--git-path', 'index'], { cwd: root })).trim();
    await copyIndex(userIndex, env.GIT_INDEX_FILE);
    if (target.kind === 'worktree') await runGitText([...PRIVATE_INDEX_CONFIG, 'add', '--all', '--', ':/'], { cwd: root, env });
    return (await runGitText([...PRIVATE_INDEX_CONFIG, 'write-tree'], { cwd: root, env })).trim();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
