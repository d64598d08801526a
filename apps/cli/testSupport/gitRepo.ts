/**
 * Real git repositories in temp dirs for the CLI tests. Identity comes from
 * the environment of each git call, never from global config.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, chmodSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll } from 'vitest';
import { dirname, join } from 'node:path';

export const GIT_IDENTITY_ENV = {
  GIT_AUTHOR_NAME: 'Redline Test',
  GIT_AUTHOR_EMAIL: 'test@redline.invalid',
  GIT_COMMITTER_NAME: 'Redline Test',
  GIT_COMMITTER_EMAIL: 'test@redline.invalid',
  GIT_CONFIG_NOSYSTEM: '1',
};

export interface TestRepo {
  dir: string;
  git(...args: string[]): string;
  write(path: string, contents: string | Buffer, mode?: number): void;
  remove(path: string): void;
  symlink(target: string, path: string): void;
  commitAll(message: string): string;
  cleanup(): void;
}

const created: string[] = [];
// Registered when a test file imports this module: its temp dirs go when the file is done.
afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temp dir (real path), removed after the test file. */
export function makeTempDir(prefix = 'redline-test-'): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  created.push(dir);
  return dir;
}

/** Removes a directory the code under test created (a demo repository, say) after the test file. */
export function removeAfterTests(dir: string): void {
  created.push(dir);
}

export function makeRepo(options: { commit?: Record<string, string | Buffer> } = {}): TestRepo {
  const dir = makeTempDir('redline-test-repo-');
  const git = (...args: string[]): string =>
    execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', ...args], {
      cwd: dir,
      env: { ...process.env, ...GIT_IDENTITY_ENV, GIT_DIR: undefined, GIT_WORK_TREE: undefined },
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
  git('init', '--quiet', '--initial-branch=main');
  const repo: TestRepo = {
    dir,
    git,
    write(path, contents, mode) {
      const full = join(dir, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, contents);
      if (mode !== undefined) chmodSync(full, mode);
    },
    remove(path) {
      rmSync(join(dir, path), { recursive: true, force: true });
    },
    symlink(target, path) {
      const full = join(dir, path);
      mkdirSync(dirname(full), { recursive: true });
      symlinkSync(target, full);
    },
    commitAll(message) {
      git('add', '--all');
      git('commit', '--quiet', '--allow-empty', '-m', message);
      return git('rev-parse', 'HEAD').trim();
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
  if (options.commit) {
    for (const [path, contents] of Object.entries(options.commit)) repo.write(path, contents);
    repo.commitAll('initial');
  }
  return repo;
}
