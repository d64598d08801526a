/**
 * The diff since the last round ("the page opens on what changed
 * since your last round"), read with the review's own diff and sent in the
 * same answer, so the page shows the round view from its first paint, with
 * no request after the review's and no whole-change picture first. "Now" is
 * written as a Send records it (writeRoundState: a private index, only new
 * objects in the store), so untracked files are in it and a file is
 * unchanged exactly when the next round would record the same blob.
 */
import type { RoundSummary, SinceRoundData } from '@redline/core';
import { NEUTRAL_DIFF_FLAGS } from '../git/diffFlags.js';
import { runGitText } from '../git/runGit.js';
import type { SeriesTarget } from './roundRecord.js';
import { writeRoundState } from './writeRoundState.js';

/** Undefined when there is no earlier round, or its state is missing (the page then says so and shows the whole change). */
export async function readSinceRound(root: string, target: SeriesTarget, last: Pick<RoundSummary, 'number' | 'state'> | undefined, ignoreWhitespace: boolean): Promise<SinceRoundData | undefined> {
  if (!last || last.state.kind !== 'recorded') return undefined;
  const from = last.state.tree;
  const to = await writeRoundState(root, target);
  const [patch, names] = await Promise.all([
    runGitText(['diff', ...NEUTRAL_DIFF_FLAGS, ...(ignoreWhitespace ? ['-w'] : []), from, to, '--'], { cwd: root }),
    runGitText(['diff', '--no-ext-diff', '--no-textconv', '--no-renames', '--name-only', '-z', from, to, '--'], { cwd: root }),
  ]);
  return { round: last.number, from, to, patch, changedPaths: names.split('\0').filter((path) => path !== '') };
}
