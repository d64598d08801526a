import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupDigits, largeDiffNote, signedCount } from './diffWording.js';

describe('groupDigits', () => {
  it("prints what toLocaleString('en') prints, for 5,000 safe integers (seed 17) and the edges", () => {
    for (const n of [0, 1, 999, 1000, 9999, 10_000, 999_999, 1_000_000, -1, -1000, -123_456_789, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]) {
      expect(groupDigits(n), String(n)).toBe(n.toLocaleString('en'));
    }
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.integer({ min: 0, max: 1e7 })), (n) => {
        expect(groupDigits(n)).toBe(n.toLocaleString('en'));
      }),
      { numRuns: 5000, seed: 17 },
    );
  });

  it('leaves a number that is not a safe integer to toLocaleString', () => {
    expect(groupDigits(1234.5)).toBe((1234.5).toLocaleString('en'));
  });

  it('is what the review prints', () => {
    expect(signedCount('+', 1234567, { grouped: true })).toBe('+1,234,567');
    expect(signedCount('−', 1234)).toBe('−1234');
    expect(largeDiffNote(200000)).toBe('Large diff (200,000 changed lines) not shown until loaded.');
  });
});
