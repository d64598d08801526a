/**
 * A real git repository in a temp dir with `base` committed and `change`
 * left in the working tree, for specs that need files of their own.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const IDENTITY = {
  GIT_AUTHOR_NAME: 'Redline Edit Test',
  GIT_AUTHOR_EMAIL: 'edit@redline.invalid',
  GIT_COMMITTER_NAME: 'Redline Edit Test',
  GIT_COMMITTER_EMAIL: 'edit@redline.invalid',
};

/** The repository's directory (the caller removes it). */
export function repoWith(base: Record<string, string>, change: Record<string, string>): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'redline-edit-')));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', ...args], {
      cwd: dir,
      env: { ...process.env, ...IDENTITY, GIT_DIR: undefined, GIT_WORK_TREE: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const write = (files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  };
  git('init', '--quiet', '--initial-branch=main');
  write(base);
  git('add', '--all');
  git('commit', '--quiet', '-m', 'base');
  write(change);
  return dir;
}
