/**
 * Everything of a repository a round must leave byte-identical:
 * the index, HEAD, the config, every ref but refs/redline/ (branches, tags),
 * the stash, and every file of the working tree, untracked ones included.
 * Used by the CLI's round tests and by e2e/roundsLoop.spec.ts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FactsRepo {
  dir: string;
  git(...args: string[]): string;
}

export function repositoryFacts(repo: FactsRepo): Record<string, string> {
  const hash = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');
  const files = repo.git('ls-files', '-z', '--cached', '--others', '--exclude-standard').split('\0').filter(Boolean).sort();
  return {
    index: hash(readFileSync(join(repo.dir, '.git', 'index'))),
    head: hash(readFileSync(join(repo.dir, '.git', 'HEAD'))),
    config: hash(readFileSync(join(repo.dir, '.git', 'config'))),
    refs: repo.git('for-each-ref', '--format=%(refname) %(objectname)').split('\n').filter((line) => !line.startsWith('refs/redline/')).join('\n'),
    stash: repo.git('stash', 'list'),
    worktree: hash(files.map((path) => `${path}\0${hash(readFileSync(join(repo.dir, path)))}`).join('\n')),
  };
}
