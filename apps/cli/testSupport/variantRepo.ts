/**
 * A repository with several attempts at one change, each in a worktree of
 * its own made from one base commit (what `redline compare` compares): the
 * base holds `src/sum.js` (two functions, far enough apart to be two hunks)
 * and its `node --test` test; each variant rewrites them its own way. Plain
 * node (no test runner), for the vitest suites and the e2e spec alike; the
 * caller gives the temp dirs. `untouchedState` reads what compare must never
 * move: every ref, each worktree's HEAD, branch, index bytes and status.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const SUM_JS = [
  'export function sum(values) {',
  '  let total = 0;',
  '  for (let i = 0; i < values.length; i++) {',
  '    total = total + values[i];',
  '  }',
  '  return total;',
  '}',
  '',
  '// The arithmetic mean of the values.',
  '// Callers pass a list of numbers.',
  '// Kept apart from sum, so that each',
  '// reads on its own.',
  '',
  'export function average(values) {',
  '  return sum(values) / values.length;',
  '}',
  '',
].join('\n');

export const SUM_TEST_JS = "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { sum, average } from '../src/sum.js';\n\ntest('sum', () => assert.equal(sum([1, 2, 3]), 6));\ntest('average', () => assert.equal(average([2, 4]), 3));\n";

export const BASE_FILES: Record<string, string> = {
  'src/sum.js': SUM_JS,
  'test/sum.test.js': SUM_TEST_JS,
  'package.json': '{ "type": "module", "scripts": { "test": "node --test test/" } }\n',
  'README.md': '# sum\n',
};

const SUM_LOOP = '  let total = 0;\n  for (let i = 0; i < values.length; i++) {\n    total = total + values[i];\n  }\n  return total;\n';
const README = '# sum\n\nAdds numbers.\n';

/** Three attempts: A and C with reduce, B with for…of and a test of the empty average, C also guarding the empty average. */
export const SUM_VARIANTS: Record<'a' | 'b' | 'c', Record<string, string>> = {
  a: { 'src/sum.js': SUM_JS.replace(SUM_LOOP, '  return values.reduce((a, b) => a + b, 0);\n'), 'README.md': README },
  b: {
    'src/sum.js': SUM_JS.replace(SUM_LOOP, '  let total = 0;\n  for (const value of values) total += value;\n  return total;\n'),
    'test/sum.test.js': `${SUM_TEST_JS}test('average of nothing', () => assert.equal(average([]), 0));\n`,
    'README.md': README,
  },
  c: {
    'src/sum.js': SUM_JS.replace(SUM_LOOP, '  return values.reduce((total, value) => total + value, 0);\n').replace('  return sum(values) / values.length;', '  return values.length === 0 ? 0 : sum(values) / values.length;'),
    'README.md': README,
  },
};

const IDENTITY = {
  GIT_AUTHOR_NAME: 'Redline Test',
  GIT_AUTHOR_EMAIL: 'test@redline.invalid',
  GIT_COMMITTER_NAME: 'Redline Test',
  GIT_COMMITTER_EMAIL: 'test@redline.invalid',
  GIT_CONFIG_NOSYSTEM: '1',
};

export type Git = (...args: string[]) => string;

export function gitIn(dir: string): Git {
  return (...args) =>
    execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', ...args], {
      cwd: dir,
      encoding: 'utf8',
      // Never a stat refresh written to an index while the state is read.
      env: { ...process.env, ...IDENTITY, GIT_DIR: undefined, GIT_WORK_TREE: undefined, GIT_INDEX_FILE: undefined, GIT_OPTIONAL_LOCKS: '0' },
    });
}

export interface VariantWorktree {
  dir: string;
  git: Git;
  write(path: string, contents: string): void;
  read(path: string): string;
}

export interface VariantRepo {
  dir: string;
  git: Git;
  base: string;
  /** A worktree on a new branch `name` from the base (or `from`), with `files` written and, unless told not to, committed. */
  worktree(name: string, files: Record<string, string>, options?: { commit?: boolean; from?: string }): VariantWorktree;
  untouchedState(): string;
}

/** `makeDir(prefix)`: an empty temp dir (real path) the caller removes. */
export function makeVariantRepo(makeDir: (prefix: string) => string): VariantRepo {
  const dir = makeDir('redline-compare-repo-');
  const git = gitIn(dir);
  git('init', '--quiet', '--initial-branch=main');
  const write = (root: string, path: string, contents: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  };
  for (const [path, contents] of Object.entries(BASE_FILES)) write(dir, path, contents);
  git('add', '--all');
  git('commit', '--quiet', '-m', 'base');
  const base = git('rev-parse', 'HEAD').trim();
  const worktreesDir = makeDir('redline-compare-worktrees-');
  const worktrees: VariantWorktree[] = [];
  return {
    dir,
    git,
    base,
    worktree(name, files, options = {}) {
      const path = join(worktreesDir, name);
      git('worktree', 'add', '--quiet', '-b', name, path, options.from ?? base);
      const worktree: VariantWorktree = { dir: path, git: gitIn(path), write: (file, contents) => write(path, file, contents), read: (file) => readFileSync(join(path, file), 'utf8') };
      for (const [file, contents] of Object.entries(files)) worktree.write(file, contents);
      if (options.commit !== false && Object.keys(files).length > 0) {
        worktree.git('add', '--all');
        worktree.git('commit', '--quiet', '-m', `${name}'s attempt`);
      }
      worktrees.push(worktree);
      return worktree;
    },
    untouchedState() {
      const state = [git('for-each-ref', '--format=%(refname) %(objectname)')];
      for (const { dir: root, git: run } of [{ dir, git }, ...worktrees]) {
        const index = join(run('rev-parse', '--absolute-git-dir').trim(), 'index');
        state.push(root, run('rev-parse', 'HEAD'), run('symbolic-ref', '-q', 'HEAD').trim(), existsSync(index) ? readFileSync(index).toString('base64') : 'no index', run('status', '--porcelain=v1', '--untracked-files=all'));
      }
      return state.join('\n');
    },
  };
}
