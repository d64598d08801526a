/**
 * Odd files through the real server: the review endpoint's facts and the
 * file endpoint's contents (or refusal) for unicode and space-containing
 * paths, renames, deletions, mode changes, binaries, submodules, CRLF,
 * missing final newlines, symlinks, type changes, non-UTF-8, oversized and
 * changed-since-loaded files, and a 10 MB diff.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MAX_EDITABLE_BYTES, type ApiError, type FileContentsData, type FileFacts, type ReviewData } from '@redline/core';
import { GIT_IDENTITY_ENV, makeRepo, type TestRepo } from '../../testSupport/gitRepo.js';
import { gitSource, startHarness, type Harness } from '../../testSupport/reviewServerHarness.js';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const BIG = 'x'.repeat(99) + '\n';
/** Lines of BIG that make a file just over the editing limit. */
const OVER_LIMIT = Math.ceil(MAX_EDITABLE_BYTES / BIG.length) + 10;

let repo: TestRepo;
let harness: Harness;
let review: ReviewData;
let files: Record<string, FileFacts>;

function fileUrl(path: string, fingerprint = review.fingerprint): string {
  return `${API.file}?${new URLSearchParams({ path, fingerprint })}`;
}

async function getFile(path: string): Promise<FileContentsData> {
  const answer = await harness.get(fileUrl(path));
  expect(answer.status, `${path}: ${answer.text}`).toBe(200);
  return answer.json<FileContentsData>();
}

async function refusal(path: string): Promise<{ status: number; code: string; message: string }> {
  const answer = await harness.get(fileUrl(path));
  const { error } = answer.json<ApiError>();
  return { status: answer.status, ...error };
}

beforeAll(async () => {
  repo = makeRepo({
    commit: {
      'dir with space/naïve café.txt': 'bonjour\n',
      'moved/before.ts': 'export const a = 1;\nexport const b = 2;\nexport const c = 3;\nexport const d = 4;\n',
      'doomed.txt': 'delete me\nplease\n',
      'script.sh': '#!/bin/sh\necho hi\n',
      'image.bin': Buffer.from([0, 1, 2, 3, 0, 255, 10]),
      'crlf.txt': 'one\r\ntwo\r\nthree\r\n',
      'nofinal.txt': 'a\nb',
      'latin1.txt': Buffer.from('caf\xe9\n', 'latin1'),
      'large.txt': BIG.repeat(OVER_LIMIT),
      'becomes-link.txt': 'regular for now\n',
    },
  });
  repo.symlink('crlf.txt', 'tracked-link');
  repo.commitAll('add a symlink');
  // A submodule: an embedded repository committed as a gitlink.
  const sub = makeRepo({ commit: { 'inside.txt': 'sub v1\n' } });
  repo.git('clone', '--quiet', sub.dir, 'sub');
  repo.git('-c', 'advice.addEmbeddedRepo=false', 'add', 'sub');
  repo.commitAll('add submodule');
  execFileSync('git', ['-c', 'commit.gpgsign=false', 'commit', '--quiet', '--allow-empty', '-m', 'sub v2'], {
    cwd: join(repo.dir, 'sub'),
    env: { ...process.env, ...GIT_IDENTITY_ENV },
  });
  sub.cleanup();

  // The change under review.
  repo.write('dir with space/naïve café.txt', 'bonjour\nau revoir\n');
  repo.write('日本語/ファイル 1.md', '# こんにちは\n');
  repo.git('mv', 'moved/before.ts', 'after.ts');
  repo.write('after.ts', 'export const a = 1;\nexport const b = 2;\nexport const c = 3;\nexport const d = 5;\n');
  repo.remove('doomed.txt');
  repo.write('script.sh', '#!/bin/sh\necho hi\n', 0o755);
  repo.write('image.bin', Buffer.from([0, 1, 2, 3, 0, 254, 10]));
  repo.write('crlf.txt', 'one\r\nTWO\r\nthree\r\n');
  repo.write('nofinal.txt', 'a\nc');
  repo.write('latin1.txt', Buffer.from('caf\xe9 cr\xe8me\n', 'latin1'));
  repo.write('large.txt', BIG.repeat(OVER_LIMIT) + 'more\n');
  repo.remove('tracked-link');
  repo.symlink('nofinal.txt', 'tracked-link');
  repo.remove('becomes-link.txt');
  repo.symlink('script.sh', 'becomes-link.txt');
  repo.symlink('/etc/passwd', 'escape-link');
  repo.write('empty.txt', '');
  repo.write('will-change.txt', 'as loaded\n');

  harness = await startHarness(await gitSource(repo.dir));
  const answer = await harness.get(API.review);
  expect(answer.status).toBe(200);
  review = answer.json<ReviewData>();
  files = Object.fromEntries(review.files.map((file) => [file.path, file]));
});

afterAll(async () => {
  await harness?.close();
  repo?.cleanup();
});

describe('the review endpoint', () => {
  it('lists every changed file under its exact path', () => {
    expect(Object.keys(files).sort()).toEqual(
      [
        'after.ts',
        'becomes-link.txt',
        'crlf.txt',
        'dir with space/naïve café.txt',
        'doomed.txt',
        'empty.txt',
        'escape-link',
        'image.bin',
        'large.txt',
        'latin1.txt',
        'nofinal.txt',
        'script.sh',
        'sub',
        'tracked-link',
        'will-change.txt',
        '日本語/ファイル 1.md',
      ].sort(),
    );
    expect(review.patch).toBe(review.patch.normalize('NFC'));
    expect(review.patch).toContain('diff --git a/dir with space/naïve café.txt b/dir with space/naïve café.txt');
  });

  it('reports each odd file with the right facts', () => {
    expect(files['after.ts']).toMatchObject({ status: 'renamed', oldPath: 'moved/before.ts', additions: 1, deletions: 1 });
    expect(files['doomed.txt']).toMatchObject({ status: 'deleted', oldSize: 17, newSize: null });
    expect(files['script.sh']).toMatchObject({ status: 'modified', oldMode: '100644', newMode: '100755', additions: 0, deletions: 0 });
    expect(files['image.bin']).toMatchObject({ status: 'modified', binary: true, oldSize: 7, newSize: 7 });
    expect(files['sub']).toMatchObject({ status: 'modified', submodule: true, oldMode: '160000', newMode: '160000', oldSize: null, newSize: null });
    expect(files['crlf.txt']).toMatchObject({ additions: 1, deletions: 1, binary: false });
    expect(files['tracked-link']).toMatchObject({ status: 'modified', symlink: true, oldMode: '120000', newMode: '120000' });
    expect(files['becomes-link.txt']).toMatchObject({ status: 'type-changed', symlink: true, oldMode: '100644', newMode: '120000' });
    expect(files['escape-link']).toMatchObject({ status: 'added', symlink: true, newMode: '120000', newSize: '/etc/passwd'.length });
    expect(files['empty.txt']).toMatchObject({ status: 'added', newSize: 0, additions: 0, binary: false });
    expect(files['日本語/ファイル 1.md']).toMatchObject({ status: 'added', additions: 1 });
    expect(review.patch).toContain('old mode 100644\nnew mode 100755');
    expect(review.patch).toContain('\\ No newline at end of file');
    expect(review.patch).toContain('-Subproject commit ');
    expect(review.patch).toContain('+two\r\n'.replace('two', 'TWO'));
  });
});

describe('the file endpoint', () => {
  it('serves unicode and space-containing paths, exact bytes and their sha256', async () => {
    const data = await getFile('dir with space/naïve café.txt');
    expect(data.old).toEqual({ contents: 'bonjour\n', sha256: sha256('bonjour\n') });
    expect(data.new).toEqual({ contents: 'bonjour\nau revoir\n', sha256: sha256('bonjour\nau revoir\n') });
    const added = await getFile('日本語/ファイル 1.md');
    expect(added.old).toBeNull();
    expect(added.new?.contents).toBe('# こんにちは\n');
  });

  it('keeps CRLF line endings and a missing final newline byte for byte', async () => {
    const crlf = await getFile('crlf.txt');
    expect(crlf.old?.contents).toBe('one\r\ntwo\r\nthree\r\n');
    expect(crlf.new?.contents).toBe('one\r\nTWO\r\nthree\r\n');
    const noFinal = await getFile('nofinal.txt');
    expect(noFinal.old?.contents).toBe('a\nb');
    expect(noFinal.new?.contents).toBe('a\nc');
    expect(noFinal.new?.sha256).toBe(sha256(readFileSync(join(repo.dir, 'nofinal.txt'))));
  });

  it('reads the old side of a rename from the old path and a deletion has no new side', async () => {
    const renamed = await getFile('after.ts');
    expect(renamed.old?.contents).toContain('export const d = 4;');
    expect(renamed.new?.contents).toContain('export const d = 5;');
    const deleted = await getFile('doomed.txt');
    expect(deleted).toEqual({ path: 'doomed.txt', old: { contents: 'delete me\nplease\n', sha256: sha256('delete me\nplease\n') }, new: null });
  });

  it('serves mode-only changes and empty files', async () => {
    const script = await getFile('script.sh');
    expect(script.old?.contents).toBe(script.new?.contents);
    const empty = await getFile('empty.txt');
    expect(empty.new).toEqual({ contents: '', sha256: sha256('') });
  });

  it('refuses binaries, submodules, symlinks, type changes, non-UTF-8 and oversized files with their codes', async () => {
    expect(await refusal('image.bin')).toMatchObject({ status: 422, code: 'binary' });
    expect(await refusal('sub')).toMatchObject({ status: 422, code: 'submodule' });
    expect(await refusal('tracked-link')).toMatchObject({ status: 422, code: 'symlink' });
    expect(await refusal('becomes-link.txt')).toMatchObject({ status: 422, code: 'symlink' });
    const escape = await refusal('escape-link');
    expect(escape).toMatchObject({ status: 422, code: 'symlink' });
    expect(escape.message).not.toContain('root:');
    expect(await refusal('latin1.txt')).toMatchObject({ status: 422, code: 'not-utf8' });
    const large = await refusal('large.txt');
    expect(large).toMatchObject({ status: 422, code: 'too-large' });
    expect(large.message).toContain(String(MAX_EDITABLE_BYTES));
  });

  it('answers changed (409) once a file differs from what the page loaded, and serves it after a reload', async () => {
    repo.write('will-change.txt', 'edited after loading\n');
    expect(await refusal('will-change.txt')).toMatchObject({ status: 409, code: 'changed' });
    const reloaded = (await harness.get(API.review)).json<ReviewData>();
    const answer = await harness.get(fileUrl('will-change.txt', reloaded.fingerprint));
    expect(answer.json<FileContentsData>().new?.contents).toBe('edited after loading\n');
  });

  it('refuses an unknown fingerprint as changed and a path outside the diff as not-in-diff', async () => {
    const stale = await harness.get(fileUrl('crlf.txt', 'f'.repeat(64)));
    expect(stale.status).toBe(409);
    expect(stale.json<ApiError>().error.code).toBe('changed');
    expect(await refusal('package.json')).toMatchObject({ status: 404, code: 'not-in-diff' });
  });
});

describe('a 10 MB diff', () => {
  it('comes through whole, with no buffer limit (spawned and streamed)', async () => {
    const big = makeRepo({ commit: { 'keep.txt': 'k\n' } });
    try {
      const line = 'const value = "' + 'y'.repeat(80) + '";\n';
      big.write('generated.js', line.repeat(Math.ceil((10 * 1024 * 1024) / line.length)));
      const bigHarness = await startHarness(await gitSource(big.dir));
      try {
        const answer = await bigHarness.get(API.review, { 'accept-encoding': 'gzip' });
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe('gzip');
        const data = answer.json<ReviewData>();
        expect(data.patch.length).toBeGreaterThan(10 * 1024 * 1024);
        expect(data.files[0]).toMatchObject({ path: 'generated.js', status: 'added', binary: false });
        expect(data.files[0]!.additions).toBe(Math.ceil((10 * 1024 * 1024) / line.length));
      } finally {
        await bigHarness.close();
      }
    } finally {
      big.cleanup();
    }
  });
});
