/** A new repository in a temporary folder, with one commit of `files`, and its git (no hooks, no signing, a fixed identity). */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface ScratchRepo {
  root: string;
  write(path: string, contents: string | Buffer): void;
}

export function scratchRepo(prefix: string, files: Record<string, string | Buffer>): ScratchRepo {
  const root = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', '-c', 'user.name=R', '-c', 'user.email=r@r.invalid', ...args], { cwd: root, stdio: 'pipe' });
  const write = (path: string, contents: string | Buffer) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  };
  git('init', '--quiet', '--initial-branch=main');
  for (const [path, contents] of Object.entries(files)) write(path, contents);
  git('add', '--all');
  git('commit', '--quiet', '-m', 'initial');
  return { root, write };
}
