/**
 * The answer built while the patch streams in must be exactly what
 * JSON.stringify(data) gives, and the fingerprint exactly fingerprintReview's,
 * however the patch arrives in pieces.
 */
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FileFacts } from '@redline/core';
import { fingerprintReview } from './fingerprintReview.js';
import { encodeReviewAnswer, ReviewPatchCollector } from './reviewPatchCollector.js';
import type { ReviewDataParts } from './reviewDataJson.js';

const FRAME: ReviewDataParts = {
  target: { kind: 'working-tree', description: 'Uncommitted "changes" \\ and \u2028 more', baseCommit: 'a'.repeat(40), headCommit: null },
  repoName: 'répo "x"',
  patchOnly: false,
  ignoreWhitespace: true,
};

const FILE: FileFacts = {
  path: 'dir/"odd"\tname.txt',
  oldPath: null,
  status: 'modified',
  binary: false,
  oldMode: '100644',
  newMode: '100644',
  oldBlob: 'b'.repeat(40),
  newBlob: null,
  oldSize: 10,
  newSize: 12,
  additions: 1,
  deletions: 1,
  symlink: false,
  submodule: false,
};

async function collect(pieces: string[], encode = true) {
  const collector = new ReviewPatchCollector(FRAME, encode);
  for (const piece of pieces) collector.add(piece);
  return collector.finish([FILE]);
}

describe('ReviewPatchCollector', () => {
  it('makes the data, its fingerprint and its gzip-compressed JSON in one pass', async () => {
    const patch = 'diff --git a/x b/x\n+"quoted" \\ back\ttab \u0001 \u2028 é 日本 😀\n';
    const { data, encoded } = await collect([patch.slice(0, 7), patch.slice(7)]);
    expect(data).toEqual({ ...FRAME, patch, files: [FILE], fingerprint: fingerprintReview(patch, [FILE]) });
    expect(Object.keys(data)).toEqual(['target', 'repoName', 'patch', 'files', 'fingerprint', 'patchOnly', 'ignoreWhitespace']);
    expect(brotliDecompressSync(encoded!.bodies.br!).toString('utf8')).toBe(JSON.stringify(data));
    expect(encoded!.jsonBytes).toBe(Buffer.byteLength(JSON.stringify(data)));
    expect((await collect([patch], false)).encoded).toBeNull();
  });

  it('adds a gzip form of the same JSON on request, and makes both for data read without an answer', async () => {
    const { data, encoded } = await collect(['diff --git a/x b/x\n', '+y\n']);
    const withGzip = await encodeReviewAnswer(data, encoded, 'gzip');
    expect(withGzip.bodies.br).toBe(encoded!.bodies.br);
    expect(gunzipSync(withGzip.bodies.gzip!).toString('utf8')).toBe(JSON.stringify(data));
    expect(await encodeReviewAnswer(data, withGzip, 'gzip')).toBe(withGzip);
    const fresh = await encodeReviewAnswer(data, null, 'br');
    expect(fresh.jsonBytes).toBe(encoded!.jsonBytes);
    expect(brotliDecompressSync(fresh.bodies.br!).toString('utf8')).toBe(JSON.stringify(data));
  });

  it('compresses an answer within one batch whole at quality 5, and streams a larger one at quality 1: both decode to the JSON', async () => {
    // A patch of the kind a review has: similar lines, where quality 5 finds more than quality 1.
    const line = (i: number) => `+export const value${i} = compute(${i % 17}, "label ${i % 29}") + offset;\n`;
    const small = ['diff --git a/x b/x\n', ...Array.from({ length: 1500 }, (_, i) => line(i))];
    const { data, encoded } = await collect(small);
    const json = Buffer.from(JSON.stringify(data));
    expect(json.length).toBeLessThan(256 * 1024);
    expect(brotliDecompressSync(encoded!.bodies.br!).toString('utf8')).toBe(json.toString('utf8'));
    const quality = (q: number) => brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: q, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } }).length;
    expect(encoded!.bodies.br!.length).toBe(quality(5));
    expect(quality(5)).toBeLessThan(quality(1));

    const large = ['diff --git a/x b/x\n', ...Array.from({ length: 6000 }, (_, i) => line(i))];
    const big = await collect(large);
    const bigJson = JSON.stringify(big.data);
    expect(bigJson.length).toBeGreaterThan(256 * 1024);
    expect(brotliDecompressSync(big.encoded!.bodies.br!).toString('utf8')).toBe(bigJson);
    expect(big.encoded!.jsonBytes).toBe(Buffer.byteLength(bigJson));
    const fresh = await encodeReviewAnswer(data, null, 'br');
    expect(fresh.bodies.br!.length).toBe(quality(5));

    // Started when the patch is complete (the tail written later): the same JSON, about quality 5's size.
    const settled = new ReviewPatchCollector(FRAME, true);
    for (const piece of small) settled.add(piece);
    settled.patchDone();
    const early = await settled.finish([FILE]);
    expect(brotliDecompressSync(early.encoded!.bodies.br!).toString('utf8')).toBe(json.toString('utf8'));
    expect(early.encoded!.jsonBytes).toBe(json.length);
    expect(early.encoded!.bodies.br!.length).toBeLessThanOrEqual(Math.ceil(quality(5) * 1.02));
  });

  it('stops making the whole answer once the patch is past the paging threshold (that answer is never sent); the data stays whole', async () => {
    const pieces = ['diff --git a/x b/x\n', '+'.repeat(300) + '\n', '+z\n'];
    const collector = new ReviewPatchCollector(FRAME, true, 100);
    for (const piece of pieces) collector.add(piece);
    const { data, encoded } = await collector.finish([FILE]);
    expect(encoded).toBeNull();
    expect(data.patch).toBe(pieces.join(''));
    expect(data.fingerprint).toBe(fingerprintReview(pieces.join(''), [FILE]));
  });

  it('INVARIANT: for any text cut into any pieces (whole code points), answer = JSON.stringify(data) and fingerprint = fingerprintReview (200 cases, seed 31)', async () => {
    const char = fc.oneof(fc.constantFrom('"', '\\', '\n', '\r', '\t', '\u0000', '\u001f', '\u2028', '\u2029', 'é', '😀'), fc.string({ maxLength: 1 }));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(char, { maxLength: 20 }), { maxLength: 8 }), async (pieceChars) => {
        const pieces = pieceChars.map((chars) => chars.join(''));
        const patch = pieces.join('');
        const { data, encoded } = await collect(pieces);
        expect(data.patch).toBe(patch);
        expect(data.fingerprint).toBe(fingerprintReview(patch, [FILE]));
        expect(brotliDecompressSync(encoded!.bodies.br!).toString('utf8')).toBe(JSON.stringify(data));
      }),
      { numRuns: 200, seed: 31 },
    );
  });
});
