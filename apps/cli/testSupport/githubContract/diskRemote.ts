/**
 * The contract forge's git side: a bare repository on disk standing for
 * GitHub's, holding `refs/heads/main` and `refs/pull/N/head` as GitHub keeps
 * them (a fork's pull request head included: GitHub stores it in the base
 * repository), an author's repository that pushes to it, and a reviewer's
 * clone. Real git in temp dirs (`../gitRepo.ts`).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GIT_IDENTITY_ENV, makeRepo, makeTempDir, type TestRepo } from '../gitRepo.js';

export interface DiskRemote {
  /** The bare repository's path: the reviewer's clone's remote URL. */
  bare: string;
  /** The author's repository, on `main`; commit there, then `pushMain` or `pushPull`. */
  author: TestRepo;
  /** The sha of `main` as first pushed. */
  mainSha: string;
  pushMain(): string;
  /** Pushes the author's HEAD as `refs/pull/N/head` (forced, as a force-pushed branch would be) and returns its sha. */
  pushPull(number: number): string;
  /** A clone of the bare repository, as a reviewer would have. */
  clone(): GitDir;
}

/** A repository the tests only read and run git in. */
export interface GitDir {
  dir: string;
  git(...args: string[]): string;
}

function gitIn(dir: string) {
  return (...args: string[]): string =>
    execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', ...args], {
      cwd: dir,
      env: { ...process.env, ...GIT_IDENTITY_ENV, GIT_DIR: undefined, GIT_WORK_TREE: undefined },
      encoding: 'utf8',
    });
}

/** `name` (`OWNER/REPO`) lays the bare repository out at `<tmp>/OWNER/REPO.git`, so its path names the repository. */
export function makeDiskRemote(files: Record<string, string>, name = 'octo/widgets'): DiskRemote {
  const bare = join(makeTempDir('redline-forge-remote-'), `${name}.git`);
  mkdirSync(dirname(bare), { recursive: true });
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', bare]);
  const author = makeRepo({ commit: files });
  const mainSha = author.git('rev-parse', 'HEAD').trim();
  author.git('push', '--quiet', bare, 'HEAD:refs/heads/main');
  return {
    bare,
    author,
    mainSha,
    pushMain() {
      author.git('push', '--quiet', '--force', bare, 'HEAD:refs/heads/main');
      return author.git('rev-parse', 'HEAD').trim();
    },
    pushPull(number) {
      author.git('push', '--quiet', '--force', bare, `HEAD:refs/pull/${number}/head`);
      return author.git('rev-parse', 'HEAD').trim();
    },
    clone() {
      const dir = join(makeTempDir('redline-forge-clone-'), 'clone');
      execFileSync('git', ['clone', '--quiet', bare, dir], { env: { ...process.env, ...GIT_IDENTITY_ENV } });
      return { dir, git: gitIn(dir) };
    },
  };
}
