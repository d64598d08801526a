/**
 * Untracked files diffed together over a temporary intent-to-add index must
 * come out exactly as git diffs each one against /dev/null: the same bytes,
 * byte for byte, for text, no final newline, CRLF, empty, binary (and a NUL
 * past git's 8,000-byte window), executable, symlink, unicode, space, tab,
 * quote, backslash and control-character names; with and without -w. And the
 * repository's own index is never touched.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestRepo } from '../../testSupport/gitRepo.js';
import { makeOddChangeRepo } from '../../testSupport/oddChangeRepo.js';
import { NEUTRAL_DIFF_FLAGS } from './diffFlags.js';
import { gitBlobId } from './gitBlobId.js';
import { listUntrackedFiles, readUntrackedFiles, readUntrackedFilesOneByOne } from './readUntrackedFiles.js';

let repo: TestRepo;
let paths: string[];

/** What git itself prints for one untracked file: `git diff --no-index -- /dev/null <path>` (exit 1 = differs; 0 with -w can still print a header). */
function gitNoIndex(path: string, extra: string[] = []): string {
  const result = spawnSync(
    'git',
    ['-c', 'core.quotepath=false', '-c', 'diff.noprefix=false', 'diff', '--no-index', ...NEUTRAL_DIFF_FLAGS, ...extra, '--', '/dev/null', path],
    { cwd: repo.dir, encoding: 'utf8' },
  );
  if (result.status !== 0 && result.status !== 1) throw new Error(`git diff --no-index failed: ${result.stderr}`);
  return result.stdout;
}

beforeAll(async () => {
  repo = makeOddChangeRepo();
  paths = await listUntrackedFiles(repo.dir);
});

afterAll(() => repo?.cleanup());

describe('readUntrackedFiles', () => {
  it('lists every kind of untracked file', () => {
    expect(paths).toHaveLength(16);
    expect(paths).toEqual(expect.arrayContaining(['untracked/tab\tname.txt', 'untracked/ctrl\u0001char.txt', 'untracked/link', 'untracked/日本語 ファイル.md']));
  });

  for (const whitespace of [[], ['-w']]) {
    it(`prints them in one git run exactly as git diff --no-index does, file by file ${whitespace.join(' ')}`, async () => {
      const reading = await readUntrackedFiles(repo.dir, paths, whitespace.length > 0);
      expect(reading.diffedBy).toBe('intent-to-add');
      const expected = paths.map((path) => gitNoIndex(path, whitespace)).join('');
      expect(reading.patch).toBe(expected);
      expect(reading.entries.map((entry) => entry.facts.path)).toEqual(paths);
    });
  }

  it('reports the same facts as diffing them one by one, and what git says about each', async () => {
    const together = await readUntrackedFiles(repo.dir, paths, false);
    const oneByOne = await readUntrackedFilesOneByOne(repo.dir, paths, false);
    expect(oneByOne.patch).toBe(together.patch);
    expect(together.entries).toEqual(oneByOne.entries);
    const facts = Object.fromEntries(together.entries.map((entry) => [entry.facts.path, entry.facts]));
    expect(facts['untracked/blob.bin']).toMatchObject({ binary: true, additions: 0, newSize: 10 });
    expect(facts['untracked/late-nul.txt']).toMatchObject({ binary: false, additions: 2 });
    expect(facts['untracked/empty.txt']).toMatchObject({ binary: false, additions: 0, newSize: 0, newMode: '100644' });
    expect(facts['untracked/run.sh']).toMatchObject({ newMode: '100755', additions: 2 });
    expect(facts['untracked/link']).toMatchObject({ newMode: '120000', symlink: true, additions: 1, newSize: '../crlf.txt'.length });
    expect(facts['untracked/nofinal.txt']).toMatchObject({ additions: 1, status: 'added', oldMode: null, oldBlob: null, newBlob: null });
    for (const entry of together.entries) {
      expect(entry.newSource).toBe('worktree');
      // The id git printed is the id of the bytes on disk (a symlink's are its target).
      const bytes = entry.facts.symlink ? Buffer.from(readlinkText(entry.facts.path)) : readFileSync(join(repo.dir, entry.facts.path));
      expect(entry.recordedNewBlob, entry.facts.path).toBe(gitBlobId(bytes, 'x'.repeat(40)));
    }
  });

  it("never touches the repository's index or writes anything into .git (not even the empty blob git add -N stores)", async () => {
    const emptyBlob = join(repo.dir, '.git', 'objects', 'e6', '9de29bb2d1d6434b8b29ae775ad8c2e48c5391');
    expect(existsSync(emptyBlob)).toBe(false);
    const before = { index: digest(join(repo.dir, '.git', 'index')), files: readdirSync(join(repo.dir, '.git'), { recursive: true }).sort() };
    await readUntrackedFiles(repo.dir, paths, false);
    expect({ index: digest(join(repo.dir, '.git', 'index')), files: readdirSync(join(repo.dir, '.git'), { recursive: true }).sort() }).toEqual(before);
    expect(existsSync(emptyBlob)).toBe(false);
    expect(repo.git('status', '--porcelain', '--untracked-files=all', '--', 'untracked')).toMatch(/^\?\? /m);
    expect(repo.git('status', '--porcelain', '--', 'untracked')).not.toMatch(/^ ?A/m);
  });

  it('still prints what git diff --no-index prints when git converts line endings (core.autocrlf=true, a text attribute)', async () => {
    repo.git('config', 'core.autocrlf', 'true');
    repo.write('.gitattributes', 'untracked/nofinal.txt text eol=crlf\n');
    try {
      const listed = await listUntrackedFiles(repo.dir);
      const reading = await readUntrackedFiles(repo.dir, listed, false);
      expect(reading.diffedBy).toBe('intent-to-add');
      expect(reading.patch).toBe(listed.map((path) => gitNoIndex(path)).join(''));
    } finally {
      repo.git('config', '--unset', 'core.autocrlf');
      repo.remove('.gitattributes');
    }
  });

  it('falls back to one git run per file when a listed file is gone, and leaves it out', async () => {
    const listed = [...paths, 'untracked/vanished.txt'];
    const reading = await readUntrackedFiles(repo.dir, listed, false);
    expect(reading.diffedBy).toBe('one-by-one');
    expect(reading.entries.map((entry) => entry.facts.path)).toEqual(paths);
    expect(reading.patch).toBe(paths.map((path) => gitNoIndex(path)).join(''));
  });
});

function readlinkText(path: string): string {
  return readlinkSync(join(repo.dir, path), 'utf8');
}

function digest(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}
