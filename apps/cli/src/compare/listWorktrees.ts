/**
 * The worktrees of a repository, from `git worktree list --porcelain -z`:
 * each one's path (real, so a symlinked spelling matches), HEAD and branch.
 * Read-only.
 */
import { realpath } from 'node:fs/promises';
import { runGitText } from '../git/runGit.js';

export interface Worktree {
  /** The real path of its top level. */
  path: string;
  /** Its HEAD commit, or null before the first commit. */
  head: string | null;
  /** `refs/heads/...` when a branch is checked out; null when detached. */
  branch: string | null;
}

export async function listWorktrees(cwd: string): Promise<Worktree[]> {
  const output = await runGitText(['worktree', 'list', '--porcelain', '-z'], { cwd });
  const worktrees: Worktree[] = [];
  let current: { path: string; head: string | null; branch: string | null } | null = null;
  for (const field of output.split('\0')) {
    if (field === '') {
      if (current) worktrees.push(current);
      current = null;
    } else if (field.startsWith('worktree ')) {
      current = { path: field.slice('worktree '.length), head: null, branch: null };
    } else if (current && field.startsWith('HEAD ')) {
      current.head = field.slice('HEAD '.length);
    } else if (current && field.startsWith('branch ')) {
      current.branch = field.slice('branch '.length);
    }
  }
  if (current) worktrees.push(current);
  return Promise.all(worktrees.map(async (w) => ({ ...w, path: await realpath(w.path).catch(() => w.path) })));
}
