import { describe, expect, it } from 'vitest';
import { CALC_FILES, CALC_NEW, CALC_OLD, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { findContentsMismatch } from './contentsMatchPatch.js';
import { parseReviewFiles } from './parseReviewFiles.js';

describe('findContentsMismatch', () => {
  const fileDiff = parseReviewFiles(makeReview(CALC_PATCH, CALC_FILES))[0]!.fileDiff;

  it('accepts the contents the patch was made from, with LF or CRLF endings', () => {
    expect(findContentsMismatch(fileDiff, CALC_OLD, CALC_NEW)).toBeNull();
    expect(findContentsMismatch(fileDiff, CALC_OLD.replaceAll('\n', '\r\n'), CALC_NEW.replaceAll('\n', '\r\n'))).toBeNull();
  });

  it('names the first line that differs when a side changed on disk since', () => {
    const staleNew = CALC_NEW.replace('VERSION = 2', 'VERSION = 3');
    expect(findContentsMismatch(fileDiff, CALC_OLD, staleNew)).toEqual({ side: 'new', lineNumber: 9 });
    const shiftedOld = '// header\n' + CALC_OLD;
    expect(findContentsMismatch(fileDiff, shiftedOld, CALC_NEW)).toEqual({ side: 'old', lineNumber: 1 });
  });

  it('refuses a missing side the patch has lines for, and a file too short for the hunks', () => {
    expect(findContentsMismatch(fileDiff, null, CALC_NEW)).toEqual({ side: 'old', lineNumber: 1 });
    expect(findContentsMismatch(fileDiff, CALC_OLD, CALC_NEW.split('\n').slice(0, 5).join('\n'))).toEqual({ side: 'new', lineNumber: 8 });
  });
});
