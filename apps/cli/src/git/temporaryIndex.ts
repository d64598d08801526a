/**
 * A private index for one git run: GIT_INDEX_FILE in a temp dir of its own,
 * and GIT_OBJECT_DIRECTORY there too with the repository's objects as an
 * alternate, so `git add -N` (which stores the empty blob) or
 * `update-index` write nothing at all to the repository. The repository's
 * index is never touched. Used for the untracked files (readUntrackedFiles)
 * and for pairing them with deleted tracked files (pairUntrackedRenames).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGit } from './runGit.js';

/** Settings for the temporary index: no shared index files in .git, no fsmonitor hook. */
export const TEMP_INDEX_CONFIG = ['-c', 'core.splitIndex=false', '-c', 'core.fsmonitor=false'];

/** Runs `use` with the environment of a fresh private index; null when the repository's objects cannot be named. */
export async function withTemporaryIndex<T>(root: string, use: (env: Readonly<Record<string, string>>) => Promise<T>): Promise<T | null> {
  const objects = await objectDirectory(root);
  if (objects === null) return null;
  const dir = await mkdtemp(join(tmpdir(), 'redline-index-'));
  try {
    await mkdir(join(dir, 'objects'));
    const inherited = process.env.GIT_ALTERNATE_OBJECT_DIRECTORIES;
    return await use({
      GIT_INDEX_FILE: join(dir, 'index'),
      GIT_OBJECT_DIRECTORY: join(dir, 'objects'),
      GIT_ALTERNATE_OBJECT_DIRECTORIES: inherited ? `${objects}:${inherited}` : objects,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Marks `paths` intent-to-add in the private index; false when git would not. */
export async function addIntentToAdd(root: string, env: Readonly<Record<string, string>>, paths: readonly string[]): Promise<boolean> {
  const added = await runGit(
    [...TEMP_INDEX_CONFIG, '--literal-pathspecs', 'add', '--intent-to-add', '--sparse', '--pathspec-from-file=-', '--pathspec-file-nul'],
    { cwd: root, env, input: paths.join('\0'), okExitCodes: [0, 1, 128, 129] },
  );
  return added.exitCode === 0;
}

const objectDirectories = new Map<string, Promise<string | null>>();

/** The repository's object directory, absolute (null when git cannot say, or it cannot go unquoted in an alternates list). */
function objectDirectory(root: string): Promise<string | null> {
  let known = objectDirectories.get(root);
  if (!known) {
    known = runGit(['rev-parse', '--path-format=absolute', '--git-path', 'objects'], { cwd: root, okExitCodes: [0, 128, 129] }).then((result) => {
      const path = result.stdout.toString('utf8').replace(/\n$/, '');
      return result.exitCode === 0 && path.startsWith('/') && !/[:"\\\x00-\x1f]/.test(path) ? path : null;
    }, () => null);
    objectDirectories.set(root, known);
  }
  return known;
}
