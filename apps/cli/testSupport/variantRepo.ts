/**
 * A repository with several attempts at one change, each in a worktree of
 * its own made from one base commit (what `redline compare` compares): the
 * base holds `src/sum.js` and its `node --test` test; each variant rewrites
 * the function its own way. Tests build on it and read the state redline
 * must never move (every ref, each worktree's HEAD and index bytes, status).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GIT_IDENTITY_ENV, makeRepo, makeTempDir, type TestRepo } from './gitRepo.js';

export const BASE_FILES: Record<string, string> = {
  'src/sum.js': 'export function sum(values) {\n  let total = 0;\n  for (let i = 0; i < values.length; i++) {\n    total = total + values[i];\n  }\n  return total;\n}\n\nexport function average(values) {\n  return sum(values) / values.length;\n}\n',
  'test/sum.test.js': "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { sum, average } from '../src/sum.js';\n\ntest('sum', () => assert.equal(sum([1, 2, 3]), 6));\ntest('average', () => assert.equal(average([2, 4]), 3));\n",
  'package.json': '{ "type": "module", "scripts": { "test": "node --test test/" } }\n',
  'README.md': '# sum\n',
};

export interface VariantWorktree {
  dir: string;
  git(...args: string[]): string;
  write(path: string, contents: string): void;
  read(path: string): string;
}

export interface VariantRepo {
  repo: TestRepo;
  base: string;
  worktree(name: string, files: Record<string, string>, options?: { commit?: boolean }): VariantWorktree;
  /** Every ref, each worktree's HEAD, index bytes and status: what compare must leave as it found it. */
  untouchedState(): string;
}

export function makeVariantRepo(): VariantRepo {
  const repo = makeRepo({ commit: BASE_FILES });
  const base = repo.git('rev-parse', 'HEAD').trim();
  const root = makeTempDir('redline-variants-');
  const worktrees: VariantWorktree[] = [];
  const gitIn = (dir: string) => (...args: string[]) =>
    execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', ...args], {
      cwd: dir, encoding: 'utf8', env: { ...process.env, ...GIT_IDENTITY_ENV, GIT_DIR: undefined, GIT_WORK_TREE: undefined, GIT_INDEX_FILE: undefined, GIT_OPTIONAL_LOCKS: '0' },
    });
  return {
    repo,
    base,
    worktree(name, files, options = {}) {
      const dir = join(root, name);
      repo.git('worktree', 'add', '--quiet', '-b', name, dir, base);
      const git = gitIn(dir);
      const worktree: VariantWorktree = {
        dir,
        git,
        write(path, contents) {
          mkdirSync(dirname(join(dir, path)), { recursive: true });
          writeFileSync(join(dir, path), contents);
        },
        read: (path) => readFileSync(join(dir, path), 'utf8'),
      };
      for (const [path, contents] of Object.entries(files)) worktree.write(path, contents);
      if (options.commit !== false && Object.keys(files).length > 0) {
        git('add', '--all');
        git('commit', '--quiet', '-m', `${name}'s attempt`);
      }
      worktrees.push(worktree);
      return worktree;
    },
    untouchedState() {
      const state = [repo.git('for-each-ref', '--format=%(refname) %(objectname)')];
      for (const dir of [repo.dir, ...worktrees.map((w) => w.dir)]) {
        const git = gitIn(dir);
        const gitDir = git('rev-parse', '--absolute-git-dir').trim();
        const index = join(gitDir, 'index');
        state.push(dir, git('rev-parse', 'HEAD'), git('symbolic-ref', '-q', 'HEAD').trim(), existsSync(index) ? readFileSync(index).toString('base64') : 'no index', git('status', '--porcelain=v1', '--untracked-files=all'));
      }
      return state.join('\n');
    },
  };
}
