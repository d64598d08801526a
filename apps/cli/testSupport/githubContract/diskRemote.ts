/**
 * The contract forge's git side: a bare repository on disk standing for
 * GitHub's, holding `refs/heads/main` and `refs/pull/N/head` as GitHub keeps
 * them (a fork's pull request head included: GitHub stores it in the base
 * repository), an author's repository that pushes to it, and a reviewer's
 * clone. Real git in temp dirs made by `tempDir` (the vitest tests pass
 * `../gitRepo.ts`'s makeTempDir, the Playwright spec its own), with a fixed
 * identity and no hooks or signing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A repository the tests run git in. */
export interface GitDir {
  dir: string;
  git(...args: string[]): string;
}

export interface AuthorRepo extends GitDir {
  write(path: string, contents: string): void;
  /** Commits everything and returns the commit's id. */
  commitAll(message: string): string;
}

export interface DiskRemote {
  /** The bare repository's path: the reviewer's clone's remote URL. */
  bare: string;
  /** The author's repository, on `main`; commit there, then `pushPull`. */
  author: AuthorRepo;
  /** The sha of `main` as first pushed. */
  mainSha: string;
  /** Pushes the author's HEAD as `refs/pull/N/head` (forced, as a force-pushed branch would be) and returns its sha. */
  pushPull(number: number): string;
  /** A clone of the bare repository, as a reviewer would have. */
  clone(): GitDir;
}

/** Makes a new empty directory (real path) that the caller removes. */
export type TempDir = (prefix: string) => string;

function gitIn(dir: string) {
  return (...args: string[]): string =>
    execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', '-c', 'user.name=Redline Test', '-c', 'user.email=test@redline.invalid', ...args], {
      cwd: dir,
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_DIR: undefined, GIT_WORK_TREE: undefined },
      encoding: 'utf8',
    });
}

/** `name` (`OWNER/REPO`) lays the bare repository out at `<tmp>/OWNER/REPO.git`, so its path names the repository. */
export function makeDiskRemote(tempDir: TempDir, files: Record<string, string>, name = 'octo/widgets'): DiskRemote {
  const bare = join(tempDir('redline-forge-remote-'), `${name}.git`);
  mkdirSync(dirname(bare), { recursive: true });
  gitIn(dirname(bare))('init', '--quiet', '--bare', '--initial-branch=main', bare);
  const authorDir = tempDir('redline-forge-author-');
  const git = gitIn(authorDir);
  git('init', '--quiet', '--initial-branch=main');
  const author: AuthorRepo = {
    dir: authorDir,
    git,
    write(path, contents) {
      mkdirSync(dirname(join(authorDir, path)), { recursive: true });
      writeFileSync(join(authorDir, path), contents);
    },
    commitAll(message) {
      git('add', '--all');
      git('commit', '--quiet', '--allow-empty', '-m', message);
      return git('rev-parse', 'HEAD').trim();
    },
  };
  for (const [path, contents] of Object.entries(files)) author.write(path, contents);
  const mainSha = author.commitAll('initial');
  git('push', '--quiet', bare, 'HEAD:refs/heads/main');
  return {
    bare,
    author,
    mainSha,
    pushPull(number) {
      git('push', '--quiet', '--force', bare, `HEAD:refs/pull/${number}/head`);
      return git('rev-parse', 'HEAD').trim();
    },
    clone() {
      const dir = join(tempDir('redline-forge-clone-'), 'clone');
      gitIn(dirname(dir))('clone', '--quiet', bare, dir);
      return { dir, git: gitIn(dir) };
    },
  };
}
