/**
 * A small real git repository in a temp dir with a varied uncommitted change,
 * for the Playwright tests: a modified file, an untracked new file, a
 * deletion, a rename (staged, as `git mv` leaves it), a unicode and
 * space-containing path, and a binary file.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface FixtureRepo {
  dir: string;
  /** Every path of the diff, as the review lists them (renames by their new path). */
  paths: string[];
  /** The same, by role, for tests that need one in particular. */
  files: {
    modified: string;
    added: string;
    deleted: string;
    renamed: { from: string; to: string };
    unicode: string;
    binary: string;
  };
  cleanup(): void;
}

const IDENTITY = {
  GIT_AUTHOR_NAME: 'Redline Fixture',
  GIT_AUTHOR_EMAIL: 'fixture@redline.invalid',
  GIT_COMMITTER_NAME: 'Redline Fixture',
  GIT_COMMITTER_EMAIL: 'fixture@redline.invalid',
};

const FILES = {
  modified: 'src/calc.ts',
  added: 'src/feature.ts',
  deleted: 'OLD_NOTES.txt',
  renamed: { from: 'src/util.ts', to: 'src/helpers.ts' },
  unicode: 'docs/naïve café notes.md',
  binary: 'assets/logo.bin',
};

export function createFixtureRepo(): FixtureRepo {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'redline-fixture-')));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', ...args], {
      cwd: dir,
      env: { ...process.env, ...IDENTITY, GIT_DIR: undefined, GIT_WORK_TREE: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const write = (path: string, contents: string | Buffer) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), contents);
  };

  git('init', '--quiet', '--initial-branch=main');
  write(FILES.modified, 'export function add(a: number, b: number): number {\n  return a + b;\n}\n\nexport function half(n: number): number {\n  return n / 2;\n}\n');
  write(FILES.deleted, 'Old notes nobody reads.\n');
  write(FILES.renamed.from, 'export const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));\nexport const id = <T>(x: T) => x;\nexport const noop = () => {};\nexport const VERSION = 1;\n');
  write(FILES.unicode, '# Notes\n\nCafé opens at 9.\n');
  write(FILES.binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02, 0x03]));
  write('README.md', '# fixture\n');
  git('add', '--all');
  git('commit', '--quiet', '-m', 'initial');

  write(FILES.modified, 'export function add(a: number, b: number): number {\n  return a - b;\n}\n\nexport function half(n: number): number {\n  return Math.floor(n / 2);\n}\n');
  write(FILES.added, "import { add } from './calc.js';\n\nexport const total = (xs: number[]) => xs.reduce(add, 0);\n");
  rmSync(join(dir, FILES.deleted));
  git('mv', FILES.renamed.from, FILES.renamed.to);
  write(FILES.renamed.to, 'export const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));\nexport const id = <T>(x: T) => x;\nexport const noop = () => {};\nexport const VERSION = 2;\n');
  write(FILES.unicode, '# Notes\n\nCafé opens at 8.\n');
  write(FILES.binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x09, 0x08, 0x07]));

  return {
    dir,
    // The review's one file order (the tree's: folders first, then names byte-wise), not git's.
    paths: [FILES.binary, FILES.unicode, FILES.modified, FILES.added, FILES.renamed.to, FILES.deleted],
    files: FILES,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
