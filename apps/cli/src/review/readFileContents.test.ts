/**
 * "Changed since the diff was loaded", checked lazily: nothing is hashed when
 * the diff is read; when a working-tree file is asked for, its bytes must
 * have the blob id git printed for it in the patch. A touch is not a change,
 * a same-size edit is; a file git filters (core.autocrlf) or gave no id for
 * (an all-whitespace change under -w) is hashed at read time instead.
 */
import { execFileSync } from 'node:child_process';
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GIT_IDENTITY_ENV, makeRepo, makeTempDir, type TestRepo } from '../../testSupport/gitRepo.js';
import { gitSource } from '../../testSupport/reviewServerHarness.js';
import { RedlineError } from '../errors.js';
import type { ReviewSnapshot } from './reviewSnapshot.js';
import type { GitReviewSource } from './gitReviewSource.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

function repoWith(files: Record<string, string>): TestRepo {
  const repo = makeRepo({ commit: files });
  repos.push(repo);
  return repo;
}

async function load(repo: TestRepo, ignoreWhitespace = false): Promise<{ source: GitReviewSource; snapshot: ReviewSnapshot }> {
  const source = await gitSource(repo.dir);
  return { source, snapshot: await source.read({ ignoreWhitespace, recordContents: true, encodeBody: true }) };
}

async function refusalCode(source: GitReviewSource, snapshot: ReviewSnapshot, path: string): Promise<string | null> {
  return source.readFile(snapshot.entries.get(path)!).then(
    () => null,
    (error: unknown) => (error as RedlineError).code,
  );
}

describe('the new side of a working-tree file', () => {
  it('is served while it has the content git diffed, touched or not; no file is hashed when the diff is read', async () => {
    const repo = repoWith({ 'a.txt': 'one\n' });
    repo.write('a.txt', 'two\n');
    repo.write('new.txt', 'untracked\n');
    const { source, snapshot } = await load(repo);
    for (const entry of snapshot.entries.values()) expect(entry).toMatchObject({ recordedNewSha256: null, recordedNewBlob: expect.stringMatching(/^[0-9a-f]{40}$/) });
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(repo.dir, 'a.txt'), later, later);
    expect((await source.readFile(snapshot.entries.get('a.txt')!)).new?.contents).toBe('two\n');
    expect((await source.readFile(snapshot.entries.get('new.txt')!)).new?.contents).toBe('untracked\n');
  });

  it('is refused as changed after an edit of the same size, even with the old times put back', async () => {
    const repo = repoWith({ 'a.txt': 'one\n' });
    repo.write('a.txt', 'two\n');
    repo.write('new.txt', 'untracked\n');
    const { source, snapshot } = await load(repo);
    const before = new Date('2020-01-01T00:00:00Z');
    for (const [path, text] of [['a.txt', 'TWO\n'], ['new.txt', 'UNTRACKED\n']] as const) {
      repo.write(path, text);
      utimesSync(join(repo.dir, path), before, before);
      expect(await refusalCode(source, snapshot, path)).toBe('changed');
    }
  });

  it('is hashed when the diff is read if git filters it (core.autocrlf: the id in the patch is of the LF form), and checked by that hash', async () => {
    const repo = repoWith({ 'lf.txt': 'one\ntwo\n', 'raw.txt': 'raw\n', '.gitattributes': 'raw.txt -text\n' });
    repo.git('config', 'core.autocrlf', 'true');
    repo.write('lf.txt', 'one\r\nTWO\r\n');
    repo.write('raw.txt', 'raw\r\nchanged\r\n');
    const { source, snapshot } = await load(repo);
    const filtered = snapshot.entries.get('lf.txt')!;
    expect(filtered).toMatchObject({ recordedNewBlob: null, recordedNewSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // `-text` turns the conversion off: that file keeps the lazy check.
    expect(snapshot.entries.get('raw.txt')).toMatchObject({ recordedNewBlob: expect.stringMatching(/^[0-9a-f]{40}$/), recordedNewSha256: null });
    expect((await source.readFile(filtered)).new?.contents).toBe('one\r\nTWO\r\n');
    expect((await source.readFile(snapshot.entries.get('raw.txt')!)).new?.contents).toBe('raw\r\nchanged\r\n');
    repo.write('lf.txt', 'one\r\nTWX\r\n');
    expect(await refusalCode(source, snapshot, 'lf.txt')).toBe('changed');
  });

  it('is hashed when the diff is read if git printed no id for it (-w hides an all-whitespace change), and checked by that hash', async () => {
    const repo = repoWith({ 'ws.txt': 'a b\n', 'real.txt': 'x\n' });
    repo.write('ws.txt', 'a   b\n');
    repo.write('real.txt', 'y\n');
    const { source, snapshot } = await load(repo, true);
    const entry = snapshot.entries.get('ws.txt')!;
    expect(entry).toMatchObject({ recordedNewBlob: null, recordedNewSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(snapshot.entries.get('real.txt')!.recordedNewSha256).toBeNull();
    expect((await source.readFile(entry)).new?.contents).toBe('a   b\n');
    repo.write('ws.txt', 'a  b\n');
    expect(await refusalCode(source, snapshot, 'ws.txt')).toBe('changed');
  });

  it('works the same in a sha256 repository (the ids are sha256 blob ids)', async () => {
    const dir = makeTempDir('redline-sha256-');
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: { ...process.env, ...GIT_IDENTITY_ENV }, encoding: 'utf8' });
    git('init', '--quiet', '--object-format=sha256', '--initial-branch=main');
    writeFileSync(join(dir, 'a.txt'), 'one\n');
    git('add', 'a.txt');
    git('-c', 'commit.gpgsign=false', 'commit', '--quiet', '-m', 'init');
    writeFileSync(join(dir, 'a.txt'), 'two\n');
    writeFileSync(join(dir, 'new.txt'), 'untracked\n');
    const source = await gitSource(dir);
    const snapshot = await source.read({ ignoreWhitespace: false, recordContents: true, encodeBody: false });
    for (const path of ['a.txt', 'new.txt']) {
      expect(snapshot.entries.get(path)!.recordedNewBlob).toBe(git('hash-object', path).trim());
      expect(snapshot.entries.get(path)!.recordedNewBlob).toMatch(/^[0-9a-f]{64}$/);
    }
    expect((await source.readFile(snapshot.entries.get('a.txt')!)).new?.contents).toBe('two\n');
    writeFileSync(join(dir, 'new.txt'), 'UNTRACKED\n');
    expect(await refusalCode(source, snapshot, 'new.txt')).toBe('changed');
  });
});
