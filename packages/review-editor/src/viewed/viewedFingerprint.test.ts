import { describe, expect, it } from 'vitest';
import { CALC_FILES, CALC_PATCH, KINDS_FILES, KINDS_PATCH, makeReview } from '../testing/fixtures.js';
import { parseReviewFiles } from '../reviewLoading/parseReviewFiles.js';
import { keepValidViewed, viewedFingerprint } from './viewedFingerprint.js';

describe('viewed fingerprints', () => {
  it('keep marks whose file diff is unchanged and drop those whose diff changed', () => {
    const before = parseReviewFiles(makeReview(KINDS_PATCH + CALC_PATCH, [...KINDS_FILES, ...CALC_FILES]));
    const viewed = Object.fromEntries(before.map((f) => [f.path, viewedFingerprint(f)]));
    const changedCalc = CALC_PATCH.replace('VERSION = 2', 'VERSION = 3');
    const after = parseReviewFiles(makeReview(KINDS_PATCH + changedCalc, [...KINDS_FILES, ...CALC_FILES]));
    const kept = keepValidViewed(viewed, after);
    expect(Object.keys(kept).sort()).toEqual(KINDS_FILES.map((f) => f.path).sort());
    expect(kept['src/calc.ts']).toBeUndefined();
  });

  it('drops marks of files no longer in the diff', () => {
    const files = parseReviewFiles(makeReview(CALC_PATCH, CALC_FILES));
    expect(keepValidViewed({ 'gone.ts': 'x'.repeat(64) }, files)).toEqual({});
  });
});
