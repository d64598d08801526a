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
