/**
 * `git diff --raw -p -z` read as it streams: the raw entries, the patch text
 * and its sections must not depend on where the pipe happens to cut the
 * output (mid-record, mid-line, mid-UTF-8 character), and the patch text
 * must be decoded exactly as decoding the whole output at once would.
 */
import { spawnSync } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestRepo } from '../../testSupport/gitRepo.js';
import { makeOddChangeRepo } from '../../testSupport/oddChangeRepo.js';
import { scanPatchSections } from '../patch/patchSectionScanner.js';
import { NEUTRAL_DIFF_FLAGS } from './diffFlags.js';
import { parseRawZ, type RawEntry } from './parseRawZ.js';
import { RAW_AND_PATCH_FLAGS, RawAndPatchSplitter, readRawAndPatch } from './readRawAndPatch.js';

let repo: TestRepo;
let output: Buffer;

beforeAll(() => {
  repo = makeOddChangeRepo();
  // Untracked files included (intent-to-add in the real index is fine in this throwaway repo): more odd names and bytes.
  repo.git('add', '--intent-to-add', 'untracked');
  output = spawnSync('git', ['-c', 'core.quotepath=false', 'diff', ...RAW_AND_PATCH_FLAGS, ...NEUTRAL_DIFF_FLAGS, 'HEAD', '--'], { cwd: repo.dir }).stdout;
});
afterAll(() => repo?.cleanup());

function split(chunks: Buffer[]) {
  let raw: RawEntry[] | null = null;
  const texts: string[] = [];
  const splitter = new RawAndPatchSplitter({
    onRaw: (entries) => {
      expect(texts).toEqual([]); // the raw part comes before any patch text
      raw = entries;
    },
    onPatchText: (text) => texts.push(text),
  });
  for (const chunk of chunks) splitter.push(chunk);
  const result = splitter.end();
  return { raw, patch: texts.join(''), result };
}

/** Cuts `bytes` at the given offsets. */
function cut(bytes: Buffer, offsets: number[]): Buffer[] {
  const points = [...new Set(offsets.map((offset) => offset % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  return chunks;
}

describe('readRawAndPatch', () => {
  it('gives the raw entries of git diff --raw -z and the patch of plain git diff, from one run', async () => {
    const texts: string[] = [];
    const result = await readRawAndPatch(['diff', ...RAW_AND_PATCH_FLAGS, ...NEUTRAL_DIFF_FLAGS, 'HEAD', '--'], {
      cwd: repo.dir,
      onPatchText: (text) => texts.push(text),
    });
    const rawOnly = spawnSync('git', ['-c', 'core.quotepath=false', 'diff', '--raw', '-z', '--no-abbrev', '-M', 'HEAD', '--'], { cwd: repo.dir }).stdout;
    const plain = spawnSync('git', ['-c', 'core.quotepath=false', 'diff', ...NEUTRAL_DIFF_FLAGS, 'HEAD', '--'], { cwd: repo.dir }).stdout;
    expect(result.raw).toEqual(parseRawZ(rawOnly.toString('utf8')));
    expect(texts.join('')).toBe(plain.toString('utf8'));
    expect(result.raw.length).toBeGreaterThan(30);
    expect(result.sections.length).toBe(result.raw.length + 1); // the type change has two sections
    expect(result.strayLines).toBe(0);
  });

  it('reads an empty diff as no entries and no patch', async () => {
    const result = await readRawAndPatch(['diff', ...RAW_AND_PATCH_FLAGS, 'HEAD', 'HEAD', '--'], { cwd: repo.dir, onPatchText: () => undefined });
    expect(result).toEqual({ raw: [], sections: [], strayLines: 0 });
  });

  it('INVARIANT: any cutting of the output gives the same entries, text and sections as one piece (300 cases, seed 6061)', () => {
    const whole = split([output]);
    expect(whole.patch).toBe(output.subarray(output.indexOf('\0\0') + 2).toString('utf8'));
    expect(whole.result.sections).toEqual(scanPatchSections(whole.patch).sections);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 60 }), (offsets) => {
        const pieces = split(cut(output, offsets));
        expect(pieces.raw).toEqual(whole.raw);
        expect(pieces.patch).toBe(whole.patch);
        expect(pieces.result).toEqual(whole.result);
      }),
      { numRuns: 300, seed: 6061 },
    );
  });

  it('INVARIANT: StringDecoder over any cutting equals decoding the bytes whole, invalid UTF-8 included (2000 cases, seed 8)', () => {
    // readRawAndPatch relies on it: the patch must be decoded exactly as Buffer#toString would.
    const byte = fc.constantFrom(0x41, 0x0a, 0x80, 0xbf, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xff, 0xc0, 0xed, 0xa0, 0xf4, 0x90, 0xe0);
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 8 }), (bytes, offsets) => {
        const buffer = Buffer.from(bytes);
        const decoder = new StringDecoder('utf8');
        const text = cut(buffer, offsets).map((chunk) => decoder.write(chunk)).join('') + decoder.end();
        expect(text).toBe(buffer.toString('utf8'));
      }),
      { numRuns: 2000, seed: 8 },
    );
  });
});
