import { describe, expect, it } from 'vitest';
import { applySuggestionHunks } from './applySuggestionHunks.js';

const lines = ['a', 'b', 'c', 'd'];

describe('applySuggestionHunks (reference applier)', () => {
  it('applies several hunks, whatever order they come in', () => {
    const hunks = [
      { startLine: 4, endLine: 4, originalCode: 'd', suggestedCode: 'D\nE', deletion: false },
      { startLine: 1, endLine: 2, originalCode: 'a\nb', suggestedCode: 'b', deletion: false },
    ];
    expect(applySuggestionHunks(lines, hunks)).toEqual(['b', 'c', 'D', 'E']);
  });

  it('applies a deletion and an insertion into an empty text', () => {
    expect(applySuggestionHunks(lines, [{ startLine: 1, endLine: 4, originalCode: 'a\nb\nc\nd', suggestedCode: '', deletion: true }])).toEqual([]);
    expect(applySuggestionHunks([], [{ startLine: 1, endLine: 0, originalCode: '', suggestedCode: 'x\ny', deletion: false }])).toEqual(['x', 'y']);
  });

  it('reads suggestedCode "" as one empty line unless it is a deletion', () => {
    expect(applySuggestionHunks(['a', 'b'], [{ startLine: 2, endLine: 2, originalCode: 'b', suggestedCode: '', deletion: false }])).toEqual(['a', '']);
  });

  it('does not modify its input', () => {
    const input = ['a', 'b'];
    applySuggestionHunks(input, [{ startLine: 1, endLine: 1, originalCode: 'a', suggestedCode: 'z', deletion: false }]);
    expect(input).toEqual(['a', 'b']);
  });

  it('refuses overlapping hunks', () => {
    const hunks = [
      { startLine: 1, endLine: 2, originalCode: 'a\nb', suggestedCode: 'x', deletion: false },
      { startLine: 2, endLine: 3, originalCode: 'b\nc', suggestedCode: 'y', deletion: false },
    ];
    expect(() => applySuggestionHunks(lines, hunks)).toThrow('hunk at lines 2-3: overlaps the previous hunk ending at line 2');
  });

  it('refuses an originalCode that is not the text at its range', () => {
    expect(() => applySuggestionHunks(lines, [{ startLine: 2, endLine: 2, originalCode: 'c', suggestedCode: 'x', deletion: false }])).toThrow(
      'hunk at lines 2-2: originalCode does not match the text at its range',
    );
    expect(() => applySuggestionHunks(lines, [{ startLine: 2, endLine: 3, originalCode: 'b', suggestedCode: 'x', deletion: false }])).toThrow(
      'originalCode does not match',
    );
  });

  it('refuses ranges outside the text and malformed deletions', () => {
    expect(() => applySuggestionHunks(lines, [{ startLine: 4, endLine: 5, originalCode: 'd\ne', suggestedCode: 'x', deletion: false }])).toThrow(
      'hunk at lines 4-5: past the end of a 4-line text',
    );
    expect(() => applySuggestionHunks(lines, [{ startLine: 0, endLine: 1, originalCode: 'a', suggestedCode: 'x', deletion: false }])).toThrow(
      'not a valid 1-based range',
    );
    expect(() => applySuggestionHunks(lines, [{ startLine: 1, endLine: 1, originalCode: 'a', suggestedCode: 'x', deletion: true }])).toThrow(
      "a deletion must have suggestedCode ''",
    );
  });
});
