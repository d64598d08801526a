import { describe, expect, it } from 'vitest';
import type { VariantPick } from '@redline/core';
import { togglePick } from './compareSlice.js';

const hunk = (variant: string, oldStart: number): VariantPick => ({ kind: 'hunk', path: 'a.js', variant, hunk: { oldStart, oldLines: 3, newStart: oldStart, newLines: 4 } });
const whole = (variant: string, path = 'a.js'): VariantPick => ({ kind: 'file', path, variant });

describe('togglePick', () => {
  it('takes a pick, and lets it go when taken again', () => {
    expect(togglePick([], hunk('B', 1))).toEqual([hunk('B', 1)]);
    expect(togglePick([hunk('B', 1)], hunk('B', 1))).toEqual([]);
  });

  it('a whole file replaces every other pick of that file; a hunk replaces a whole-file pick of its file', () => {
    expect(togglePick([hunk('B', 1), hunk('C', 20), whole('C', 'b.js')], whole('A'))).toEqual([whole('C', 'b.js'), whole('A')]);
    expect(togglePick([whole('A'), whole('C', 'b.js')], hunk('B', 1))).toEqual([whole('C', 'b.js'), hunk('B', 1)]);
    expect(togglePick([hunk('B', 1)], hunk('C', 20))).toEqual([hunk('B', 1), hunk('C', 20)]);
  });
});
