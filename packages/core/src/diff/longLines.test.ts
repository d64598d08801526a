import { describe, expect, test } from 'vitest';
import { cutLongLine, isLongLine, LONG_LINE_LIMIT } from './longLines.js';

describe('cutLongLine', () => {
  test('a line at the limit is drawn whole; one past it is cut to the limit', () => {
    const atLimit = 'x'.repeat(LONG_LINE_LIMIT);
    expect(isLongLine(atLimit)).toBe(false);
    expect(cutLongLine(atLimit)).toBe(atLimit);
    expect(cutLongLine(atLimit + 'y')).toBe(atLimit);
  });
  test('never cuts a surrogate pair in half', () => {
    const text = 'x'.repeat(LONG_LINE_LIMIT - 1) + '😀' + 'tail';
    const cut = cutLongLine(text);
    expect(cut).toBe('x'.repeat(LONG_LINE_LIMIT - 1));
  });
  test('a 5 MB line is cut to the limit', () => {
    expect(cutLongLine('a'.repeat(5 * 1024 * 1024))).toHaveLength(LONG_LINE_LIMIT);
  });
});
