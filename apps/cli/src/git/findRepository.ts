/** Locates the repository that contains a directory: its work-tree root and git directory. */
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { RedlineError } from '../errors.js';
import { runGit } from './runGit.js';

export interface Repository {
  /** Absolute path of the work tree's top level. */
  root: string;
  /** Absolute git directory (per worktree), where drafts and review copies are kept. */
  gitDir: string;
  /** The root directory's name, for titles. */
  name: string;
}

/** What to do instead, said after "not a git repository: DIR": a review can also take a patch, apply cannot. */
export const NOT_A_REPOSITORY_ADVICE = {
  review: 'run redline inside a repository, pass --repo DIR, or review a file with --patch FILE',
  apply: 'run redline apply inside the repository the export is for, or pass --repo DIR',
  check: 'run redline check inside the repository under review, or pass --repo DIR',
  setup: 'run redline setup --project inside the repository, or pass --repo DIR',
} as const;

export async function findRepository(dir: string, advice: keyof typeof NOT_A_REPOSITORY_ADVICE = 'review'): Promise<Repository> {
  const absolute = resolve(dir);
  const info = await stat(absolute).catch(() => null);
  if (!info?.isDirectory()) {
    throw new RedlineError('not-a-repository', `not a directory: ${absolute}`);
  }
  const result = await runGit(['rev-parse', '--show-toplevel', '--absolute-git-dir'], {
    cwd: absolute,
    okExitCodes: [0, 128],
  });
  const [root = '', gitDir = ''] = result.stdout.toString('utf8').split('\n');
  if (result.exitCode !== 0 || root === '' || gitDir === '') {
    const reason = result.stderr.includes('not a git repository')
      ? ''
      : ` (${result.stderr.split('\n')[0]?.replace(/^fatal: /, '').trim() || 'git could not read it'})`;
    throw new RedlineError(
      'not-a-repository',
      `not a git repository: ${absolute}${reason}; ${NOT_A_REPOSITORY_ADVICE[advice]}`,
    );
  }
  return { root, gitDir, name: basename(root) };
}
