import { describe, expect, it } from 'vitest';
import { CALC_FILES, CALC_PATCH, KINDS_FILES, KINDS_PATCH, makeReview } from '../testing/fixtures.js';
import { diffLineText, diffLinesInRange, forEachDiffLine, knownSideText } from './diffLines.js';
import { parsePatchFiles } from '@pierre/diffs';
import { parseReviewFiles, withPassThroughStringDetach } from './parseReviewFiles.js';
import { splitPatchSections } from '@redline/core';

describe('splitPatchSections', () => {
  it('cuts one section per file, and the sections put back together are the patch', () => {
    const sections = splitPatchSections(KINDS_PATCH);
    expect(sections).toHaveLength(KINDS_FILES.length);
    expect(sections.join('')).toBe(KINDS_PATCH);
    expect(sections.every((s) => s.startsWith('diff --git '))).toBe(true);
  });

  it('drops what comes before the first file (a commit message) and handles an empty patch', () => {
    expect(splitPatchSections('From abc\nSubject: x\n\n' + CALC_PATCH)).toEqual([CALC_PATCH]);
    expect(splitPatchSections('')).toEqual([]);
  });
});

describe('parseReviewFiles', () => {
  const files = parseReviewFiles(makeReview());
  const byPath = new Map(files.map((f) => [f.path, f]));

  it('joins every parsed file to its facts by path, in diff order', () => {
    expect(files.map((f) => f.path)).toEqual(KINDS_FILES.map((f) => f.path));
    for (const file of files) expect(file.facts).toBe(KINDS_FILES.find((f) => f.path === file.path));
  });

  it('tells the kinds of files apart', () => {
    expect(byPath.get('bin.dat')!.binary).toBe(true);
    expect(byPath.get('run.sh')!.modeOnly).toBe(true);
    expect(byPath.get('pure2.txt')!.renameOnly).toBe(true);
    expect(byPath.get('pure2.txt')!.oldPath).toBe('pure.txt');
    expect(byPath.get('ren2.txt')!.renameOnly).toBe(false);
    expect(byPath.get('mod.txt')!.modeOnly).toBe(false);
    expect(byPath.get('del.txt')!.fileDiff.type).toBe('deleted');
    expect(files.filter((f) => f.generated || f.large)).toEqual([]);
  });

  it('keeps a file the server lists but the patch lacks, and recovers facts for a file the server did not list', () => {
    const review = makeReview(CALC_PATCH, [...CALC_FILES, { ...CALC_FILES[0]!, path: 'ghost.ts' }]);
    const parsed = parseReviewFiles(review);
    expect(parsed.map((f) => f.path)).toEqual(['src/calc.ts', 'ghost.ts']);
    expect(parsed[1]!.fileDiff.hunks).toEqual([]);
    const unlisted = parseReviewFiles(makeReview(CALC_PATCH, []));
    expect(unlisted[0]!.facts).toMatchObject({ path: 'src/calc.ts', status: 'modified', additions: 2, deletions: 2 });
  });

  it('marks lock files and build output generated, and huge diffs large', () => {
    const lock = CALC_PATCH.replaceAll('src/calc.ts', 'package-lock.json');
    const big = ['diff --git a/big.txt b/big.txt', 'new file mode 100644', 'index 0000000..1111111', '--- /dev/null', '+++ b/big.txt', '@@ -0,0 +1,2500 @@'];
    for (let i = 0; i < 2500; i++) big.push(`+line ${i}`);
    const review = makeReview(lock + big.join('\n') + '\n', [
      { ...CALC_FILES[0]!, path: 'package-lock.json' },
      { ...CALC_FILES[0]!, path: 'big.txt', status: 'added', oldPath: null, additions: 2500, deletions: 0 },
    ]);
    // In file order: big.txt, then package-lock.json.
    const [bigFile, lockFile] = parseReviewFiles(review);
    expect(lockFile!.generated).toBe(true);
    expect(lockFile!.large).toBe(false);
    expect(bigFile!.large).toBe(true);
    expect(bigFile!.generated).toBe(false);
  });
});

describe('diffLines', () => {
  const [calc] = parseReviewFiles(makeReview(CALC_PATCH, CALC_FILES));
  const fileDiff = calc!.fileDiff;

  it('reads lines by side and number from a partial diff', () => {
    expect(fileDiff.isPartial).toBe(true);
    expect(diffLineText(fileDiff, 'new', 2)).toBe('  return a + b + 0;');
    expect(diffLineText(fileDiff, 'old', 2)).toBe('  return a + b;');
    expect(diffLineText(fileDiff, 'new', 9)).toBe('export const VERSION = 2;');
    expect(diffLineText(fileDiff, 'new', 5)).toBeUndefined(); // between the hunks
    expect(diffLinesInRange(fileDiff, 'new', 1, 3)).toEqual(['export function add(a: number, b: number) {', '  return a + b + 0;', '}']);
    expect(diffLinesInRange(fileDiff, 'new', 3, 8)).toBeNull();
  });

  it('visits every line once, with the counts of the facts', () => {
    let additions = 0;
    let deletions = 0;
    let context = 0;
    forEachDiffLine(fileDiff, (line) => {
      if (line.kind === 'addition') additions++;
      else if (line.kind === 'deletion') deletions++;
      else context++;
    });
    expect([additions, deletions, context]).toEqual([2, 2, 3]);
  });

  it('spells unknown lines as placeholders that match nothing', () => {
    const text = knownSideText(fileDiff, 'new').split('\n');
    expect(text).toHaveLength(9);
    expect(text[1]).toBe('  return a + b + 0;');
    expect(text[4]).toContain('unknown line 5');
    expect(text[4]).not.toBe(text[5]);
  });
});

describe('parsing without Pierre\'s string copies', () => {
  /** A patch of every shape: kinds, two hunks, CRLF, non-ASCII and astral text, a missing final newline. */
  const crlf = ['diff --git a/w.txt b/w.txt', 'index 1111111..2222222 100644', '--- a/w.txt', '+++ b/w.txt', '@@ -1,2 +1,2 @@', ' keep\r', '-old ünïcödé 🎉\r', '+new ünïcödé 🎈\r', ''].join('\n');
  const patch = KINDS_PATCH + CALC_PATCH + crlf;

  it('gives exactly what a plain parsePatchFiles gives (deep equality, every field)', () => {
    const plain = parsePatchFiles(patch, { cacheKeyPrefix: 'x' });
    const fast = withPassThroughStringDetach(() => parsePatchFiles(patch, { cacheKeyPrefix: 'x' }));
    expect(fast).toEqual(plain);
    expect(fast.flatMap((p) => p.files)).toHaveLength(11);
  });

  it('puts TextEncoder and TextDecoder back, even when the parse throws', () => {
    const text = 'héllo 🎉';
    expect(() =>
      withPassThroughStringDetach(() => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    const bytes = new TextEncoder().encode(text);
    const into = new Uint8Array(32);
    expect(new TextEncoder().encodeInto(text, into).written).toBe(bytes.length);
    expect(new TextDecoder().decode(bytes)).toBe(text);
  });
});
