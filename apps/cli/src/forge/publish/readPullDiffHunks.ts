/**
 * The pull request's diff as GitHub shows it, read from the objects the
 * review fetched: `git diff base...head` (from their merge base) with the
 * CLI's neutral flags, three lines of context, renames paired; each file's
 * hunks as the core's `pullDiffHunksOfPatch` reads them.
 */
import { pullDiffHunksOfPatch, type PullDiffHunks } from '@redline/core';
import { NEUTRAL_DIFF_FLAGS, NEUTRAL_LISTING_FLAGS } from '../../git/diffFlags.js';
import { runGitText } from '../../git/runGit.js';

export async function readPullDiffHunks(root: string, baseCommit: string, headCommit: string): Promise<PullDiffHunks> {
  const range = `${baseCommit}...${headCommit}`;
  const [patch, names] = await Promise.all([
    runGitText(['diff', ...NEUTRAL_DIFF_FLAGS, range, '--'], { cwd: root }),
    runGitText(['diff', ...NEUTRAL_LISTING_FLAGS, '--name-only', range, '--'], { cwd: root }),
  ]);
  return pullDiffHunksOfPatch(patch, names.split('\0').filter((name) => name !== ''));
}
