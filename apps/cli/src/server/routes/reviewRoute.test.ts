/**
 * GET /api/review through the real server: the brotli answer made while the
 * diff was read is exactly the JSON of the data; a gzip-only client gets the
 * same JSON gzipped; a reload with nothing changed sends the same bytes
 * without reading the diff again; a change is read anew; HEAD and clients
 * that take no compression get the same answer.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type ReviewData } from '@redline/core';
import { makeRepo, type TestRepo } from '../../../testSupport/gitRepo.js';
import { httpCall } from '../../../testSupport/httpClient.js';
import { gitSource, startHarness, type Harness } from '../../../testSupport/reviewServerHarness.js';
import { fingerprintReview } from '../../review/fingerprintReview.js';
import type { GitReviewSource } from '../../review/gitReviewSource.js';
import type { ReadOptions } from '../../review/reviewSource.js';
import { DEFAULT_PAGE_BYTES_THRESHOLD } from '../../review/reviewPages.js';
import { preferredEncoding } from '../httpIo.js';

let repo: TestRepo;
let harness: Harness;
const reads: ReadOptions[] = [];

beforeAll(async () => {
  repo = makeRepo({ commit: { 'big.txt': 'line\n'.repeat(30_000) } });
  repo.write('big.txt', 'LINE\n'.repeat(30_000)); // a patch well over the 64 KB compression threshold
  repo.write('new.txt', 'untracked\n');
  const source: GitReviewSource = await gitSource(repo.dir);
  // Count the readings the session asks for (the source itself is the real one).
  const read = source.read.bind(source);
  source.read = (options) => {
    reads.push(options);
    return read(options);
  };
  harness = await startHarness(source);
});
afterAll(async () => {
  await harness?.close();
  repo?.cleanup();
});

/** The raw bytes on the wire (httpCall would gunzip them). */
function rawGet(headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: harness.port, path: API.review, method, headers: { host: `127.0.0.1:${harness.port}`, ...harness.auth, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('GET /api/review', () => {
  it('sends a browser the brotli answer made while reading: exactly JSON.stringify(data)', async () => {
    expect(reads).toEqual([{ ignoreWhitespace: false, recordContents: true, encodeBody: true, pageThreshold: DEFAULT_PAGE_BYTES_THRESHOLD }]);
    const answer = await rawGet(BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({ 'content-encoding': 'br', 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', vary: 'Accept-Encoding' });
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    const data = await harness.session.loadReview();
    expect(brotliDecompressSync(answer.body).toString('utf8')).toBe(JSON.stringify(data));
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends a gzip-only client the same JSON gzipped, and a client without compression the JSON itself', async () => {
    const data = JSON.stringify(await harness.session.loadReview());
    const zipped = await rawGet({ 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(data);
    const plain = await httpCall({ port: harness.port, path: API.review, headers: harness.auth });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(data);
  });

  it('sends the same bytes again without reading the diff while nothing changed; HEAD has the headers only', async () => {
    const first = await rawGet(BROWSER);
    const again = await rawGet(BROWSER);
    expect(again.body.equals(first.body)).toBe(true);
    const head = await rawGet(BROWSER, 'HEAD');
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(first.body.length);
    expect(reads).toHaveLength(1);
  });

  it('reads the diff again once it changed, and answers with the new one', async () => {
    const before = (await harness.get(API.review, BROWSER)).json<ReviewData>();
    repo.write('new.txt', 'untracked, edited\n');
    const after = (await harness.get(API.review, BROWSER)).json<ReviewData>();
    expect(after.fingerprint).not.toBe(before.fingerprint);
    expect(after.patch).toContain('+untracked, edited');
    expect(reads).toHaveLength(2);
    // The superseded reading stays addressable for its files.
    const file = await harness.get(`${API.file}?path=big.txt&fingerprint=${before.fingerprint}`);
    expect(file.status).toBe(200);
  });

  it('answers concurrent reloads around changes with whole, self-consistent reviews', async () => {
    const answers: Promise<ReviewData>[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 3; i++) answers.push(harness.get(API.review, i % 2 ? BROWSER : { 'accept-encoding': 'gzip' }).then((a) => a.json<ReviewData>()));
      repo.write('new.txt', `untracked, round ${round}\n`);
    }
    for (const data of await Promise.all(answers)) {
      expect(data.patch).toContain('diff --git a/big.txt b/big.txt');
      expect(data.fingerprint).toBe(fingerprintReview(data.patch, data.files));
    }
    const last = (await harness.get(API.review, BROWSER)).json<ReviewData>();
    expect(last.patch).toContain('+untracked, round 3');
  });

  it('picks br over gzip and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('')).toBeNull();
  });
});
