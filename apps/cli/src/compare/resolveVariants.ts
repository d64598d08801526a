/**
 * `redline compare A B [C...]`: each argument as a variant (a worktree of this
 * repository, with its uncommitted work; a branch; or a commit) reduced to a
 * tree, and the base they share (`git merge-base --octopus`, or `--base`).
 * Read-only for the user's state: a dirty worktree's tree is written through
 * a private index (GIT_INDEX_FILE in a scratch dir), so no index, HEAD, branch
 * or config is touched; only the objects of that tree are added.
 *
 * Refused, each named: a directory that is not a worktree of this repository,
 * an unknown revision, variants with no common base (or not descending from
 * `--base`), a variant that is the base itself, and two identical variants.
 */
import { mkdtemp, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { RedlineError } from '../errors.js';
import { runGit, runGitText } from '../git/runGit.js';
import { TEMP_INDEX_CONFIG } from '../git/temporaryIndex.js';
import { shortOid, verifyCommit } from '../git/revisions.js';
import { listWorktrees, type Worktree } from './listWorktrees.js';

export type VariantSource =
  | { kind: 'worktree'; path: string }
  | { kind: 'branch'; ref: string }
  | { kind: 'commit'; ref: string };

export interface Variant {
  /** A, B, C… in the order given. */
  id: string;
  /** The branch's short name, the worktree's folder name, or the short commit id. */
  name: string;
  source: VariantSource;
  /** The commit the variant starts from (a worktree's HEAD). */
  commit: string;
  /** Its whole state: the commit's tree, or a worktree's with its uncommitted work. */
  tree: string;
}

export interface ResolvedCompare {
  base: string;
  variants: Variant[];
  worktrees: Worktree[];
}

export async function resolveVariants(root: string, cwd: string, args: readonly string[], baseRef: string | null): Promise<ResolvedCompare> {
  const worktrees = await listWorktrees(root);
  const variants: Variant[] = [];
  for (const [index, arg] of args.entries()) variants.push(await resolveVariant(root, cwd, arg, worktrees, String.fromCharCode(65 + index)));
  const base = baseRef === null ? await octopusBase(root, variants) : await givenBase(root, baseRef, variants);
  const baseTree = await treeOf(root, base);
  for (const variant of variants) {
    if (variant.tree === baseTree) throw new RedlineError('bad-input', `${describe(variant)} is the base itself (${shortOid(base)}): it changes nothing to compare`);
  }
  for (const [i, a] of variants.entries()) {
    const twin = variants.slice(i + 1).find((b) => b.tree === a.tree);
    if (twin) throw new RedlineError('bad-input', `${describe(a)} and ${describe(twin)} are identical (the same tree ${shortOid(a.tree)}): compare different attempts`);
  }
  return { base, variants, worktrees };
}

export function describe(variant: Variant): string {
  const { source } = variant;
  return source.kind === 'worktree' ? `variant ${variant.id} (worktree ${source.path})` : `variant ${variant.id} (${source.kind} ${source.ref})`;
}

async function resolveVariant(root: string, cwd: string, arg: string, worktrees: readonly Worktree[], id: string): Promise<Variant> {
  const path = resolve(cwd, arg);
  const isDir = (await stat(path).catch(() => null))?.isDirectory() ?? false;
  if (isDir) {
    const real = await realpath(path);
    const worktree = worktrees.find((w) => w.path === real);
    if (!worktree) {
      throw new RedlineError('bad-input', `${arg}: not a worktree of this repository (${root}); \`git worktree list\` names them (for a branch of that name, write heads/${arg})`);
    }
    if (worktree.head === null) throw new RedlineError('bad-input', `${arg}: the worktree has no commit yet`);
    return { id, name: worktree.branch?.replace(/^refs\/heads\//, '') ?? basename(real), source: { kind: 'worktree', path: real }, commit: worktree.head, tree: await worktreeTree(real) };
  }
  const commit = await verifyCommit(root, arg);
  const branch = await isBranch(root, arg);
  return { id, name: branch ? arg : shortOid(commit), source: { kind: branch ? 'branch' : 'commit', ref: arg }, commit, tree: await treeOf(root, commit) };
}

async function isBranch(root: string, name: string): Promise<boolean> {
  const result = await runGit(['show-ref', '--verify', '--quiet', `refs/heads/${name}`], { cwd: root, okExitCodes: [0, 1, 128] });
  return result.exitCode === 0;
}

async function treeOf(root: string, commit: string): Promise<string> {
  return (await runGitText(['rev-parse', '--verify', '--end-of-options', `${commit}^{tree}`], { cwd: root })).trim();
}

/** HEAD's tree with the uncommitted and untracked (not ignored) files, written through a private index. */
async function worktreeTree(path: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'redline-compare-'));
  try {
    const env = { GIT_INDEX_FILE: join(dir, 'index') };
    await runGit([...TEMP_INDEX_CONFIG, 'read-tree', 'HEAD'], { cwd: path, env });
    await runGit([...TEMP_INDEX_CONFIG, 'add', '--all', '--', '.'], { cwd: path, env });
    return (await runGitText([...TEMP_INDEX_CONFIG, 'write-tree'], { cwd: path, env })).trim();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function octopusBase(root: string, variants: readonly Variant[]): Promise<string> {
  const result = await runGit(['merge-base', '--octopus', '--end-of-options', ...variants.map((v) => v.commit)], { cwd: root, okExitCodes: [0, 1] });
  const base = result.stdout.toString('utf8').trim();
  if (result.exitCode !== 0 || base === '') {
    throw new RedlineError('unknown-ref', `no common base: ${variants.map(describe).join(', ')} share no commit (give one with --base REV)`);
  }
  return base;
}

async function givenBase(root: string, ref: string, variants: readonly Variant[]): Promise<string> {
  const base = await verifyCommit(root, ref);
  for (const variant of variants) {
    const result = await runGit(['merge-base', '--is-ancestor', '--end-of-options', base, variant.commit], { cwd: root, okExitCodes: [0, 1] });
    if (result.exitCode !== 0) throw new RedlineError('unknown-ref', `no common base: ${describe(variant)} does not descend from --base ${ref}`);
  }
  return base;
}
