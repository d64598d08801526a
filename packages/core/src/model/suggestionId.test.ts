import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { suggestionId, type SuggestionContent } from './suggestionId.js';

const base: SuggestionContent = {
  path: 'src/calc.ts',
  side: 'new',
  startLine: 8,
  endLine: 9,
  originalCode: '  return a + b;\n}',
  suggestedCode: '  return clamp(a + b);\n}',
};

describe('suggestionId', () => {
  it('is the first 12 hex digits of sha256 over the fields joined by U+001F (checked against node:crypto)', () => {
    const joined = ['src/calc.ts', 'new', '8', '9', '  return a + b;\n}', '  return clamp(a + b);\n}'].join('\u001f');
    const expected = createHash('sha256').update(joined, 'utf8').digest('hex').slice(0, 12);
    expect(suggestionId(base)).toBe(expected);
    expect(suggestionId(base)).toMatch(/^[0-9a-f]{12}$/);
  });

  it('is stable: the same suggestion always has the same id', () => {
    expect(suggestionId({ ...base })).toBe(suggestionId(base));
    expect(suggestionId({ ...base, deletion: false })).toBe(suggestionId(base));
  });

  it('changes with every field', () => {
    const variants: SuggestionContent[] = [
      { ...base, path: 'src/calc.tsx' },
      { ...base, side: 'old' },
      { ...base, startLine: 7 },
      { ...base, endLine: 10 },
      { ...base, originalCode: base.originalCode + ' ' },
      { ...base, suggestedCode: '' },
      { ...base, suggestedCode: '', deletion: true },
      // Field boundaries matter: moving text between fields is a different suggestion.
      { ...base, originalCode: base.originalCode + '\u001f' + base.suggestedCode, suggestedCode: '' },
    ];
    const ids = new Set([suggestionId(base), ...variants.map(suggestionId)]);
    expect(ids.size).toBe(variants.length + 1);
  });

  it('tells a deletion from a replacement by one empty line', () => {
    const blank = { ...base, suggestedCode: '' };
    expect(suggestionId({ ...blank, deletion: true })).not.toBe(suggestionId(blank));
    const joined = ['src/calc.ts', 'new', '8', '9', base.originalCode, '', 'delete'].join('\u001f');
    expect(suggestionId({ ...blank, deletion: true })).toBe(createHash('sha256').update(joined).digest('hex').slice(0, 12));
  });
});
