/**
 * A real change: the `yaml` package's published 2.5.0 committed, 2.8.1's
 * files laid over it as uncommitted work, as an agent's upgrade would leave
 * them (135 paths in `git diff`, 132 modified; 136 files in the review; the tarballs are in e2e/fixtures/npm/, see
 * its README). No registry is asked at run time.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TARBALLS = fileURLToPath(new URL('../fixtures/npm/', import.meta.url));

export interface RealChange {
  root: string;
  /** git in the repository, as the agent (no hooks, no signing, a fixed identity). */
  git(...args: string[]): string;
  cleanup(): void;
}

export function realChangeRepo(): RealChange {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'redline-e2e-yaml-')));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', '-c', 'user.name=Agent', '-c', 'user.email=agent@redline.invalid', ...args], { cwd: root, encoding: 'utf8' });
  const unpack = (version: string) => {
    for (const name of readdirSync(root)) if (name !== '.git') rmSync(join(root, name), { recursive: true, force: true });
    execFileSync('tar', ['-xzf', join(TARBALLS, `yaml-${version}.tgz`), '--strip-components=1', '-C', root]);
  };
  git('init', '--quiet', '--initial-branch=main');
  unpack('2.5.0');
  git('add', '--all');
  git('commit', '--quiet', '-m', 'yaml 2.5.0');
  unpack('2.8.1');
  return { root, git, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
