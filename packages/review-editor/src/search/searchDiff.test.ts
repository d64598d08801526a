import { describe, expect, it } from 'vitest';
import { KINDS_FILES, KINDS_PATCH, CALC_FILES, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { parseReviewFiles } from '../reviewLoading/parseReviewFiles.js';
import { searchDiff } from './searchDiff.js';

describe('searchDiff', () => {
  const files = parseReviewFiles(makeReview(KINDS_PATCH + CALC_PATCH, [...KINDS_FILES, ...CALC_FILES]));

  it('finds file names (old names too) and lines on both sides, in diff order', () => {
    expect(searchDiff(files, 'pure.txt').hits).toEqual([{ fileId: 'pure2.txt', kind: 'name' }]);
    expect(searchDiff(files, 'VERSION').hits).toEqual([
      { fileId: 'src/calc.ts', kind: 'line', side: 'old', lineNumber: 9, column: 13 },
      { fileId: 'src/calc.ts', kind: 'line', side: 'new', lineNumber: 9, column: 13 },
    ]);
  });

  it('counts a context line once, on the new side', () => {
    expect(searchDiff(files, 'export function add').hits).toEqual([{ fileId: 'src/calc.ts', kind: 'line', side: 'new', lineNumber: 1, column: 0 }]);
  });

  it('is case-insensitive unless the query has uppercase letters', () => {
    expect(searchDiff(files, 'three').hits.map((h) => h.side)).toEqual(['old', 'new']);
    expect(searchDiff(files, 'THREE').hits).toEqual([{ fileId: 'ren2.txt', kind: 'line', side: 'new', lineNumber: 3, column: 0 }]);
  });

  it('counts matches, not lines: a line holding the query twice is two hits, each with its column, in order', () => {
    // calc.ts line 1, "export function add(a: number, b: number) {", holds "number" twice.
    const line1 = searchDiff(files, 'number').hits.filter((h) => h.fileId === 'src/calc.ts' && h.lineNumber === 1);
    expect(line1.map((h) => h.column)).toEqual([23, 34]);
    // Over the whole diff: more hits than lines holding the query.
    expect(searchDiff(files, 'e').hits.length).toBeGreaterThan(new Set(searchDiff(files, 'e').hits.map((h) => `${h.fileId}:${h.side}:${h.lineNumber}`)).size);
  });

  it('stops at the limit and says so', () => {
    const result = searchDiff(files, 'e', 3);
    expect(result.hits).toHaveLength(3);
    expect(result.truncated).toBe(true);
    expect(searchDiff(files, '').hits).toEqual([]);
  });
});
