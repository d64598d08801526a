/**
 * Which paths of earlier rounds' threads may be read for their "code now"
 * (docs/rounds.md, "A teammate's data is data"). A round may come from a
 * teammate's fetched ref, so its paths are data, checked before anything is
 * read for them:
 * 1. the core's plain-path rule (repoPathProblem): no `..`, nothing in
 *    `.git/`, no absolute path, no control character;
 * 2. a file of the reviewed tree: for the working tree, tracked or untracked
 *    and not ignored (`git ls-files --cached --others --exclude-standard`,
 *    the files a round's state records); a path git does not list but that
 *    exists (an ignored `.env`, a directory, a path through a symlinked
 *    directory) is refused. One git does not list and that does not exist is
 *    gone: its thread reads as outdated, as before. The index and a commit
 *    are read through git objects, which hold only their own files.
 *
 * What passes is exactly what the round the review records would hold, so
 * nothing read for a thread carries more into the next round than its state.
 */
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { repoPathProblem } from '@redline/core';
import { runGitText } from '../git/runGit.js';
import type { SeriesTarget } from './roundRecord.js';

/** Pathspecs per `ls-files` run: far under any argument-length limit. */
const PATHS_PER_RUN = 500;

/** Refused path -> why, in a few words; a path not in the map may be read. */
export async function refusedThreadPaths(root: string, target: SeriesTarget, paths: readonly string[]): Promise<Map<string, string>> {
  const refused = new Map<string, string>();
  const plain: string[] = [];
  for (const path of new Set(paths)) {
    const problem = repoPathProblem(path);
    if (problem) refused.set(path, problem.why);
    else plain.push(path);
  }
  if (target.kind !== 'worktree' || plain.length === 0) return refused;
  const listed = await listedFiles(root, plain);
  const unlisted = plain.filter((path) => !listed.has(path));
  const present = await Promise.all(unlisted.map((path) => lstat(join(root, path)).then(() => true, () => false)));
  unlisted.forEach((path, i) => {
    if (present[i]) refused.set(path, 'it is not a file of the reviewed tree (ignored, or not a regular file of the repository)');
  });
  return refused;
}

/** Which of `paths` git lists as files of the working tree: tracked, or untracked and not ignored. */
async function listedFiles(root: string, paths: readonly string[]): Promise<Set<string>> {
  const listed = new Set<string>();
  for (let at = 0; at < paths.length; at += PATHS_PER_RUN) {
    const chunk = paths.slice(at, at + PATHS_PER_RUN);
    // Literal pathspecs: a path with `*` or `:(...)` is only itself.
    const text = await runGitText(['--literal-pathspecs', 'ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...chunk], { cwd: root });
    for (const path of text.split('\0')) if (path !== '') listed.add(path);
  }
  return listed;
}
