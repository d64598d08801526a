import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SuggestionDiff } from './SuggestionDiff.js';
import { suggestionRows, type SuggestionRow } from './suggestionRows.js';

afterEach(cleanup);

/** A row as the eye reads it: sign, then the text with changed words in [brackets]. */
function show(row: SuggestionRow): string {
  if (row.kind === 'context') return `  ${row.text}`;
  return `${row.kind === 'old' ? '-' : '+'} ${row.parts.map((p) => (p.changed ? `[${p.text}]` : p.text)).join('')}`;
}

describe('a suggestion card as a real diff', () => {
  it('leaves unchanged lines unmarked and marks the changed words of a changed line', () => {
    const rows = suggestionRows('const a = 1;\nconst b = 2;\nreturn a + b;', 'const a = 1;\nconst b = 3;\nreturn a + b;', false);
    expect(rows.map(show)).toEqual(['  const a = 1;', '- const b = [2];', '+ const b = [3];', '  return a + b;']);
  });

  it('shows inserted and removed lines as runs, and an unpaired line whole', () => {
    const rows = suggestionRows('a\nb\nc', 'a\nx\ny\nc', false);
    expect(rows.map(show)).toEqual(['  a', '- [b]', '+ [x]', '+ y', '  c']);
    expect(suggestionRows('a\nb', 'a\nb\nc', false).map(show)).toEqual(['  a', '  b', '+ c']);
  });

  it('a deletion is every line removed, none marked inside', () => {
    expect(suggestionRows('a\nb', '', true).map(show)).toEqual(['- a', '- b']);
  });

  it('every original line is a context or old row and every suggested line a context or new row, in order (the texts join back)', () => {
    const original = 'one\ntwo\nthree\nfour\nfive';
    const suggested = 'zero\none\n2\nthree\nfive\nsix';
    const rows = suggestionRows(original, suggested, false);
    const text = (r: SuggestionRow) => (r.kind === 'context' ? r.text : r.parts.map((p) => p.text).join(''));
    expect(rows.filter((r) => r.kind !== 'new').map(text).join('\n')).toBe(original);
    expect(rows.filter((r) => r.kind !== 'old').map(text).join('\n')).toBe(suggested);
  });

  it('renders context without a sign or colour class, changed words as <mark>, and hidden characters as chips', () => {
    const { container } = render(<SuggestionDiff originalCode={'keep\nlet x = 1;'} suggestedCode={'keep\nlet x = 2;\u202E'} deletion={false} />);
    const lines = Array.from(container.querySelectorAll('.suggestion-line'));
    expect(lines.map((l) => l.className.replace('suggestion-line ', ''))).toEqual(['suggestion-line-context', 'suggestion-line-old', 'suggestion-line-new']);
    expect(lines[0]!.querySelector('.suggestion-sign')!.textContent).toBe(' ');
    expect(Array.from(container.querySelectorAll('mark')).map((m) => m.textContent)).toEqual(['1', '2', 'U+202E']);
    expect(container.querySelector('.suggestion-line-new .chip-unsafe')).not.toBeNull();
  });
});
