/**
 * The scratch copy `redline check` runs in: the reviewed state. For a review
 * of commits (a commit, `A..B`, `A...B`) that is the head commit's tree,
 * written out by `git read-tree` and `git checkout-index --prefix` through a
 * private index (git/temporaryIndex.ts: the user's index, HEAD, branches and
 * config are never touched, the objects only read). For a review of the work
 * tree, it is the work tree as `redline apply`
 * would find it (every tracked file as it is on disk, and every untracked
 * file git does not ignore: `git ls-files --cached --others
 * --exclude-standard`), copied file by file into a fresh temporary folder
 * `<tmp>/redline-check-XXXXXX/<repository name>/`. Nothing of the
 * repository is written: no `git worktree` (it would write
 * `.git/worktrees/`), no index, ref or config; `git ls-files` only reads.
 * So the check command's `../` is still inside the scratch folder.
 *
 * A root `node_modules` (ignored, so not copied) is given to the copy as a
 * folder of symbolic links to its packages, for the project's check to find
 * its dependencies (a workspace package's link points into the copy): the
 * one path through which a check can reach the user's own files.
 * Symbolic links are copied as links, modes kept; a tracked file deleted
 * from the work tree is absent, as it is for apply; a submodule's folder is
 * not copied.
 */
import { chmod, copyFile, lstat, mkdir, mkdtemp, readdir, readlink, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { RedlineError } from '../errors.js';
import { runGit } from '../git/runGit.js';
import { TEMP_INDEX_CONFIG, withTemporaryIndex } from '../git/temporaryIndex.js';
import { mapConcurrently } from '../mapConcurrently.js';
import type { ReviewedState } from './reviewedState.js';

/** Every scratch folder's name starts with this, under the system's temporary folder. */
export const SCRATCH_PREFIX = 'redline-check-';
const COPIES_AT_ONCE = 16;

export interface ScratchCopy {
  /** The copied work tree: the check runs here. */
  root: string;
  /** How many files were copied. */
  files: number;
  /** Removes the whole scratch folder; safe to call twice. */
  remove(): Promise<void>;
}

export async function createScratchCopy(repoRoot: string, state: ReviewedState = { kind: 'work-tree' }): Promise<ScratchCopy> {
  const folder = await mkdtemp(join(tmpdir(), SCRATCH_PREFIX));
  const remove = () => rm(folder, { recursive: true, force: true, maxRetries: 3 });
  try {
    const root = join(folder, basename(repoRoot) || 'repository');
    await mkdir(root);
    const files = state.kind === 'commit' ? await writeCommitTree(repoRoot, state.commit, root) : await copyWorkTree(repoRoot, root);
    await linkNodeModules(repoRoot, root);
    return { root, files, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

async function copyWorkTree(repoRoot: string, root: string): Promise<number> {
  const listed = await runGit(['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot });
  const paths = [...new Set(listed.stdout.toString('utf8').split('\0').filter((path) => path !== ''))];
  const copied = await mapConcurrently(paths, COPIES_AT_ONCE, (path) => copyEntry(join(repoRoot, path), join(root, path)));
  return copied.filter(Boolean).length;
}

/** The commit's tree into `root` (files, links and modes as git has them), through a private index; how many entries. */
async function writeCommitTree(repoRoot: string, commit: string, root: string): Promise<number> {
  const written = await withTemporaryIndex(repoRoot, async (env) => {
    await runGit([...TEMP_INDEX_CONFIG, 'read-tree', `${commit}^{tree}`], { cwd: repoRoot, env });
    await runGit([...TEMP_INDEX_CONFIG, 'checkout-index', '--all', '--force', `--prefix=${root}/`], { cwd: repoRoot, env });
    const listed = await runGit([...TEMP_INDEX_CONFIG, 'ls-files', '-z', '--cached'], { cwd: repoRoot, env });
    return listed.stdout.toString('utf8').split('\0').filter((path) => path !== '').length;
  });
  if (written === null) throw new RedlineError('internal', `could not write commit ${commit.slice(0, 12)} into a scratch copy: git did not name the repository's objects`);
  return written;
}

/** Copies one file or symbolic link; false for anything else (gone, a submodule's folder, a FIFO). */
async function copyEntry(from: string, to: string): Promise<boolean> {
  const info = await lstat(from).catch(() => null);
  if (!info || !(info.isFile() || info.isSymbolicLink())) return false;
  await mkdir(dirname(to), { recursive: true });
  if (info.isSymbolicLink()) {
    await symlink(await readlink(from), to);
  } else {
    await copyFile(from, to);
    await chmod(to, info.mode & 0o777);
  }
  return true;
}

/**
 * The copy's `node_modules`: a folder of symbolic links to the user's
 * packages (one level down in `@scope` folders), so nothing is copied, but a
 * workspace package (a link to a folder of the repository itself, as npm,
 * yarn and pnpm workspaces make them) points into the copy, where the
 * suggestions are: the check then tests the suggested code, not the user's.
 */
async function linkNodeModules(repoRoot: string, root: string): Promise<void> {
  const source = join(repoRoot, 'node_modules');
  const info = await lstat(source).catch(() => null);
  if (!info?.isDirectory()) return;
  const target = join(root, 'node_modules');
  if (await lstat(target).catch(() => null)) return;
  const realRepo = await realpath(repoRoot);
  await linkEntries(source, target, realRepo, root, true);
}

async function linkEntries(source: string, target: string, realRepo: string, root: string, scopes: boolean): Promise<void> {
  await mkdir(target);
  for (const entry of await readdir(source, { withFileTypes: true })) {
    const from = join(source, entry.name);
    const to = join(target, entry.name);
    if (scopes && entry.name.startsWith('@') && entry.isDirectory()) await linkEntries(from, to, realRepo, root, false);
    else await symlink(await linkTarget(from, realRepo, root), to);
  }
}

/** Where a package's link points: into the copy for a workspace package of the repository, else to the user's own entry. */
async function linkTarget(from: string, realRepo: string, root: string): Promise<string> {
  const real = await realpath(from).catch(() => null);
  if (real === null) return from;
  const inRepo = relative(realRepo, real);
  const workspace = inRepo !== '' && !inRepo.startsWith('..') && !isAbsolute(inRepo) && !inRepo.split(sep).includes('node_modules');
  return workspace ? join(root, inRepo) : from;
}
