/**
 * The pairing candidates ranked by what the files hold as well as by name
 * and folder: a port's file moved to another folder under another name
 * comes first when its lines are the deleted file's; the likeness of two
 * texts is bounded (the first LIKENESS_CHARS characters) and symmetric.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeReview } from '../testing/fixtures.js';
import { createHarness } from '../testing/renderWithReview.js';
import { lineLikeness, lineSet, LIKENESS_CHARS, pairCandidates } from './manualPairs.js';

const deletedFile = (path: string, lines: string[]) =>
  `diff --git a/${path} b/${path}\ndeleted file mode 100644\n--- a/${path}\n+++ /dev/null\n@@ -1,${lines.length} +0,0 @@\n${lines.map((l) => `-${l}\n`).join('')}`;
const addedFile = (path: string, lines: string[]) =>
  `diff --git a/${path} b/${path}\nnew file mode 100644\n--- /dev/null\n+++ b/${path}\n@@ -0,0 +1,${lines.length} @@\n${lines.map((l) => `+${l}\n`).join('')}`;

const JS = ['export function clamp(n, lo, hi) {', '  if (n < lo) return lo;', '  if (n > hi) return hi;', '  return n;', '}', '', 'export const VERSION = 3;'];
const TS = ['export function clamp(n: number, lo: number, hi: number): number {', '  if (n < lo) return lo;', '  if (n > hi) return hi;', '  return n;', '}', '', 'export const VERSION = 3;'];
const OTHER = ['import { readFile } from "node:fs";', 'export const load = () => readFile("x");'];

describe('pairing candidates, the likeliest first', () => {
  it('a file with the deleted one\'s lines comes before a neighbour in its folder; the same name still counts most', () => {
    const patch = deletedFile('lib/clamp.js', JS) + addedFile('lib/load.js', OTHER) + addedFile('src/math/bounds.ts', TS);
    const files = createHarness(makeReview(patch, [])).store.getState().files;
    const deleted = files.find((file) => file.path === 'lib/clamp.js')!;
    expect(pairCandidates(files, deleted).map((file) => file.path)).toEqual(['src/math/bounds.ts', 'lib/load.js']);

    const withName = patch + addedFile('src/clamp.ts', OTHER);
    const more = createHarness(makeReview(withName, [])).store.getState().files;
    expect(pairCandidates(more, more.find((file) => file.path === 'lib/clamp.js')!).map((file) => file.path)).toEqual(['src/clamp.ts', 'src/math/bounds.ts', 'lib/load.js']);
  });

  it('likeness: 1 for the same lines, 0 for none, blank lines and indentation left out', () => {
    expect(lineLikeness(lineSet(JS), lineSet(JS))).toBe(1);
    expect(lineLikeness(lineSet(JS), lineSet(OTHER))).toBe(0);
    expect(lineLikeness(lineSet(['', '  a', 'b']), lineSet(['a', 'b', '   ']))).toBe(1);
    expect(lineLikeness(lineSet([]), lineSet(JS))).toBe(0);
  });

  it('reads no more than the first LIKENESS_CHARS characters of a text', () => {
    const long = Array.from({ length: 20_000 }, (_, i) => `line ${i} ${'x'.repeat(20)}`);
    const read = lineSet(long);
    expect(read.size).toBeLessThan(long.length);
    expect([...read].reduce((sum, line) => sum + line.length + 1, 0)).toBeLessThanOrEqual(LIKENESS_CHARS + 40);
  });

  // Invariant: likeness is symmetric, within [0, 1], and 1 exactly when both texts have the same non-blank lines. 500 cases.
  it('is symmetric, within 0 and 1, and 1 for the same line sets (500 cases)', () => {
    const text = fc.array(fc.constantFrom('a', 'b', 'c', ' d', 'e ', '', 'f', 'g'), { maxLength: 12 });
    fc.assert(
      fc.property(text, text, (a, b) => {
        const [x, y] = [lineSet(a), lineSet(b)];
        const value = lineLikeness(x, y);
        expect(value).toBe(lineLikeness(y, x));
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
        const same = x.size > 0 && x.size === y.size && [...x].every((line) => y.has(line));
        expect(value === 1).toBe(same);
      }),
      { numRuns: 500 },
    );
  });
});
