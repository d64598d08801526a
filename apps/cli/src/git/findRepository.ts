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

export async function findRepository(dir: string): Promise<Repository> {
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
      `not a git repository: ${absolute}${reason}; run redline inside a repository, pass --repo DIR, or review a file with --patch FILE`,
    );
  }
  return { root, gitDir, name: basename(root) };
}
