import { describe, expect, it } from 'vitest';
import { KINDS_FILES, KINDS_PATCH, CALC_FILES, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { parseReviewFiles } from '../reviewLoading/parseReviewFiles.js';
import { searchDiff } from './searchDiff.js';

describe('searchDiff', () => {
  const files = parseReviewFiles(makeReview(KINDS_PATCH + CALC_PATCH, [...KINDS_FILES, ...CALC_FILES]));

  it('finds file names (old names too) and lines on both sides, in diff order', () => {
    expect(searchDiff(files, 'pure.txt').hits).toEqual([{ fileId: 'pure2.txt', kind: 'name' }]);
    expect(searchDiff(files, 'VERSION').hits).toEqual([
      { fileId: 'src/calc.ts', kind: 'line', side: 'old', lineNumber: 9 },
      { fileId: 'src/calc.ts', kind: 'line', side: 'new', lineNumber: 9 },
    ]);
  });

  it('counts a context line once, on the new side', () => {
    expect(searchDiff(files, 'export function add').hits).toEqual([{ fileId: 'src/calc.ts', kind: 'line', side: 'new', lineNumber: 1 }]);
  });

  it('is case-insensitive unless the query has uppercase letters', () => {
    expect(searchDiff(files, 'three').hits.map((h) => h.side)).toEqual(['old', 'new']);
    expect(searchDiff(files, 'THREE').hits).toEqual([{ fileId: 'ren2.txt', kind: 'line', side: 'new', lineNumber: 3 }]);
  });

  it('stops at the limit and says so', () => {
    const result = searchDiff(files, 'e', 3);
    expect(result.hits).toHaveLength(3);
    expect(result.truncated).toBe(true);
    expect(searchDiff(files, '').hits).toEqual([]);
  });
});
