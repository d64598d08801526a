import { describe, expect, it } from 'vitest';
import { codeToLines, joinText, linesToCode, splitText } from './lines.js';

describe('splitText / joinText', () => {
  it('round-trips every byte, and reports the layout', () => {
    const cases = ['', 'a', 'a\n', 'a\r\nb\r\n', 'a\nb', '\uFEFFx\r\ny', '\n\n', 'a\rb\r', 'a\r\nb\nc\r\n', '\uFEFF'];
    for (const text of cases) expect(joinText(splitText(text))).toBe(text);
  });
  it('separates lines from their terminators', () => {
    expect(splitText('a\r\nb')).toEqual({ bom: false, lines: ['a', 'b'], eols: ['\r\n', ''], dominantEol: '\r\n' });
    expect(splitText('')).toEqual({ bom: false, lines: [], eols: [], dominantEol: '\n' });
    expect(splitText('\n')).toEqual({ bom: false, lines: [''], eols: ['\n'], dominantEol: '\n' });
    expect(splitText('\uFEFFa\n').bom).toBe(true);
  });
  it('code strings join and split with LF', () => {
    expect(linesToCode(['a', '', 'b'])).toBe('a\n\nb');
    expect(codeToLines('a\n\nb')).toEqual(['a', '', 'b']);
    expect(codeToLines('')).toEqual([]);
    expect(codeToLines('', true)).toEqual(['']);
  });
});

import fc from 'fast-check';

describe('splitText property', () => {
  it('joinText(splitText(s)) === s and no line holds a terminator, for 3,000 strings over {a, é, CR, LF, BOM}', () => {
    const ch = fc.constantFrom('a', 'é', '\r', '\n', '\uFEFF', ' ');
    fc.assert(
      fc.property(fc.array(ch, { maxLength: 40 }).map((a) => a.join('')), (s) => {
        const layout = splitText(s);
        expect(joinText(layout)).toBe(s);
        for (const line of layout.lines) expect(/[\r\n]/.test(line)).toBe(false);
        expect(layout.eols.slice(0, -1).every((e) => e !== '')).toBe(true);
      }),
      { numRuns: 3000, seed: 42 },
    );
  });
});
