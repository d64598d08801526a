import { describe, expect, it } from 'vitest';
import { deriveSuggestionHunks, type SuggestionHunk } from './deriveSuggestionHunks.js';
import { applySuggestionHunks } from './applySuggestionHunks.js';
import { toLines } from '../diff/lines.js';

const text = (...lines: string[]): string => lines.map((line) => `${line}\n`).join('');

/** Derives, checks the result reproduces `after`, and returns the hunks. */
function derive(before: string, after: string, options?: Parameters<typeof deriveSuggestionHunks>[2]): SuggestionHunk[] {
  const { hunks } = deriveSuggestionHunks(before, after, options);
  expect(applySuggestionHunks(toLines(before), hunks)).toEqual(toLines(after));
  return hunks;
}

const hunk = (startLine: number, endLine: number, originalCode: string, suggestedCode: string, deletion = false): SuggestionHunk => ({
  startLine,
  endLine,
  originalCode,
  suggestedCode,
  deletion,
});

describe('deriveSuggestionHunks: one minimal hunk per changed region', () => {
  it('returns no hunk for identical texts', () => {
    expect(deriveSuggestionHunks(text('a', 'b'), text('a', 'b'))).toEqual({ hunks: [], fallback: false });
  });

  it('replaces a changed line with exactly that line', () => {
    expect(derive(text('a', 'b', 'c'), text('a', 'B', 'c'))).toEqual([hunk(2, 2, 'b', 'B')]);
  });

  it('keeps a multi-line replacement as one hunk, sized by each side', () => {
    expect(derive(text('a', 'b', 'c', 'd'), text('a', 'X', 'Y', 'Z', 'd'))).toEqual([hunk(2, 3, 'b\nc', 'X\nY\nZ')]);
  });

  it('gives two separated changes two hunks', () => {
    expect(derive(text('a', 'b', 'c', 'd', 'e'), text('a', 'B', 'c', 'D', 'e'))).toEqual([
      hunk(2, 2, 'b', 'B'),
      hunk(4, 4, 'd', 'D'),
    ]);
  });

  it('replaces every line of a whole-file rewrite in one hunk', () => {
    expect(deriveSuggestionHunks(text('a', 'b', 'c'), text('x', 'y'))).toEqual({
      hunks: [hunk(1, 3, 'a\nb\nc', 'x\ny')],
      fallback: false,
    });
  });
});

describe('deriveSuggestionHunks: anchoring pure insertions and deletions', () => {
  it('widens an insertion by the line before it', () => {
    expect(derive(text('a', 'b'), text('a', 'new', 'b'))).toEqual([hunk(1, 1, 'a', 'a\nnew')]);
  });

  it('widens a deletion by the line before it', () => {
    expect(derive(text('a', 'b', 'c'), text('a', 'c'))).toEqual([hunk(1, 2, 'a\nb', 'a')]);
  });

  it('anchors an insertion at the start of the file on the line after it', () => {
    expect(derive(text('a', 'b'), text('new', 'a', 'b'))).toEqual([hunk(1, 1, 'a', 'new\na')]);
  });

  it('anchors a deletion at the start of the file on the line after it', () => {
    expect(derive(text('a', 'b', 'c'), text('b', 'c'))).toEqual([hunk(1, 2, 'a\nb', 'b')]);
  });

  it('anchors an append at the end of the file on the last line', () => {
    expect(derive(text('a', 'b'), text('a', 'b', 'new'))).toEqual([hunk(2, 2, 'b', 'b\nnew')]);
  });

  it('seed shape 1: a file-start insert plus an adjacent insert get two disjoint anchors', () => {
    // The seed emitted two hunks on the same line with contradictory bodies here.
    expect(derive(text('A', 'B', 'C'), text('X', 'A', 'Y', 'B', 'C'))).toEqual([
      hunk(1, 1, 'A', 'X\nA'),
      hunk(2, 2, 'B', 'Y\nB'),
    ]);
  });

  it('seed shape 2: two deletes sharing an anchor line take the next free line instead', () => {
    // Deleting A and C from A B C D: both want B; the second takes D.
    expect(derive(text('A', 'B', 'C', 'D'), text('B', 'D'))).toEqual([hunk(1, 2, 'A\nB', 'B'), hunk(3, 4, 'C\nD', 'D')]);
  });

  it('merges into the previous hunk when neither neighbour line is free (deletes around the only kept line)', () => {
    expect(derive(text('A', 'B', 'C'), text('B'))).toEqual([hunk(1, 3, 'A\nB\nC', 'B')]);
  });

  it('merges an append into the previous hunk when the last line is already claimed', () => {
    expect(derive(text('A', 'B'), text('B', 'X'))).toEqual([hunk(1, 2, 'A\nB', 'B\nX')]);
  });

  it('lets hunks touch but never overlap (adjacent anchors)', () => {
    expect(derive(text('A', 'B', 'C'), text('A', 'C', 'X'))).toEqual([hunk(1, 2, 'A\nB', 'A'), hunk(3, 3, 'C', 'C\nX')]);
  });

  it('survives every-other-line deletion, which makes every deletion compete', () => {
    const before = text('1', '2', '3', '4', '5', '6', '7');
    const hunks = derive(before, text('2', '4', '6'));
    for (let i = 1; i < hunks.length; i++) expect(hunks[i]!.startLine).toBeGreaterThan(hunks[i - 1]!.endLine);
  });

  it('uses a blank anchor line as is: suggestedCode "" is one empty line, not a deletion', () => {
    expect(derive(text('', 'x'), text(''))).toEqual([hunk(1, 2, '\nx', '')]);
  });
});

describe('deriveSuggestionHunks: the two shapes without any anchor', () => {
  it('deletes every line as one deletion hunk (the only one with deletion: true)', () => {
    expect(derive(text('a', 'b'), '')).toEqual([hunk(1, 2, 'a\nb', '', true)]);
  });

  it('inserts into an empty file with the empty range 1..0', () => {
    expect(derive('', text('a', 'b'))).toEqual([hunk(1, 0, '', 'a\nb')]);
  });
});

describe('deriveSuggestionHunks: line endings, BOM and the final newline', () => {
  it('ignores a change that only adds or removes the final newline', () => {
    expect(deriveSuggestionHunks('a\nb', 'a\nb\n').hunks).toEqual([]);
    expect(deriveSuggestionHunks('a\nb\n', 'a\nb').hunks).toEqual([]);
  });

  it('diffs the last line of a file without final newline like any other', () => {
    expect(derive('a\nb', 'a\nc')).toEqual([hunk(2, 2, 'b', 'c')]);
    expect(derive('a\nb', 'a\nb\nc')).toEqual([hunk(2, 2, 'b', 'b\nc')]);
  });

  it('ignores a change that only converts line endings (CRLF, CR, mixed)', () => {
    expect(deriveSuggestionHunks('a\r\nb\r\n', 'a\nb\n').hunks).toEqual([]);
    expect(deriveSuggestionHunks('a\rb\r', 'a\r\nb\n').hunks).toEqual([]);
    expect(deriveSuggestionHunks('a\r\nb\nc\r', 'a\nb\r\nc').hunks).toEqual([]);
  });

  it('never lets a CR into the code strings of a CRLF file', () => {
    expect(derive('a\r\nb\r\nc\r\n', 'a\r\nB\r\nnew\r\nc\r\n')).toEqual([hunk(2, 2, 'b', 'B\nnew')]);
  });

  it('compares a mixed-ending file line by line', () => {
    expect(derive('a\r\nb\nc\rd', 'a\nb\r\nC\nd\r\n')).toEqual([hunk(3, 3, 'c', 'C')]);
  });

  it('ignores the BOM, and keeps it out of the code', () => {
    expect(deriveSuggestionHunks('\uFEFFa\n', 'a\n').hunks).toEqual([]);
    expect(derive('\uFEFFa\nb\n', '\uFEFFA\nb\n')).toEqual([hunk(1, 1, 'a', 'A')]);
  });
});

describe('deriveSuggestionHunks: tiny files', () => {
  it.each([
    ['empty to empty', '', '', []],
    ['one line to empty', 'a', '', [hunk(1, 1, 'a', '', true)]],
    ['a lone newline to empty', '\n', '', [hunk(1, 1, '', '', true)]],
    ['empty to one line', '', 'a', [hunk(1, 0, '', 'a')]],
    ['empty to a lone newline (one empty line)', '', '\n', [hunk(1, 0, '', '')]],
    ['one line changed', 'a', 'b', [hunk(1, 1, 'a', 'b')]],
    ['one line, append', 'a', 'a\nb', [hunk(1, 1, 'a', 'a\nb')]],
    ['one line, prepend', 'a', 'b\na', [hunk(1, 1, 'a', 'b\na')]],
    ['two lines, delete the first', 'a\nb', 'b', [hunk(1, 2, 'a\nb', 'b')]],
    ['two lines, delete the second', 'a\nb', 'a', [hunk(1, 2, 'a\nb', 'a')]],
    ['three lines, keep the middle', 'a\nb\nc', 'b', [hunk(1, 3, 'a\nb\nc', 'b')]],
  ] as const)('%s', (_name, before, after, expected) => {
    expect(derive(before, after)).toEqual(expected);
  });
});

describe('deriveSuggestionHunks: bounded cost and the fallback', () => {
  const before = text('keep', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'end');
  const after = text('keep', 'B', 'c', 'D', 'e', 'F', 'g', 'H', 'end');

  it('falls back to one correct hunk over the changed span on a tiny maxEditLength', () => {
    const result = deriveSuggestionHunks(before, after, { maxEditLength: 1 });
    expect(result.fallback).toBe(true);
    expect(result.hunks).toEqual([hunk(2, 8, 'b\nc\nd\ne\nf\ng\nh', 'B\nc\nD\ne\nF\ng\nH')]);
    expect(applySuggestionHunks(toLines(before), result.hunks)).toEqual(toLines(after));
  });

  it('falls back on reordered lines too', () => {
    const moved = deriveSuggestionHunks(text('x', 'A', 'B', 'C', 'D', 'y'), text('x', 'B', 'A', 'D', 'C', 'y'), { maxEditLength: 3 });
    expect(moved.fallback).toBe(true);
    expect(moved.hunks).toEqual([hunk(2, 5, 'A\nB\nC\nD', 'B\nA\nD\nC')]);
  });

  const block = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${prefix} ${i}`);

  it('finishes past the quick pass when the cap allows (150 changed lines, edit distance 300)', () => {
    const lines = block('line', 450);
    const edited = lines.map((line, i) => (i % 3 === 1 ? `${line} changed` : line));
    // No deadline: this case is about the edit cap, and a busy CI machine must not turn it into a timeout.
    const result = deriveSuggestionHunks(lines.join('\n'), edited.join('\n'), { timeoutMs: Infinity });
    expect(result.fallback).toBe(false);
    expect(result.hunks).toHaveLength(150);
  });

  it('falls back without running Myers when the counting lower bound exceeds the cap', () => {
    // 300 lines changed but blank lines kept: at least 600 edits, cap 300.
    const lines = block('line', 600).map((line, i) => (i % 2 ? '' : line));
    const edited = lines.map((line) => (line ? `${line}!` : line));
    const result = deriveSuggestionHunks(text('top', ...lines, 'end'), text('top', ...edited, 'end'), { maxEditLength: 300 });
    expect(result).toMatchObject({ fallback: true, hunks: [{ startLine: 2, endLine: 600 }] });
    expect(applySuggestionHunks(toLines(text('top', ...lines, 'end')), result.hunks)).toEqual(toLines(text('top', ...edited, 'end')));
  });

  it('falls back when the full Myers pass gives up (two swapped blocks: lower bound 0, edit distance 500)', () => {
    const [a, b] = [block('a', 250), block('b', 250)];
    const result = deriveSuggestionHunks(text(...a, ...b), text(...b, ...a), { maxEditLength: 300 });
    expect(result).toMatchObject({ fallback: true, hunks: [{ startLine: 1, endLine: 500 }] });
  });

  it('falls back when the time budget runs out, still correct', () => {
    const [a, b] = [block('a', 3000), block('b', 3000)];
    const result = deriveSuggestionHunks(text(...a, ...b), text(...b, ...a), { maxEditLength: 1_000_000, timeoutMs: 1 });
    expect(result).toMatchObject({ fallback: true, hunks: [{ startLine: 1, endLine: 6000 }] });
    expect(applySuggestionHunks(toLines(text(...a, ...b)), result.hunks)).toEqual(toLines(text(...b, ...a)));
  });

  it('gives the minimal hunks when the cap is large enough', () => {
    expect(deriveSuggestionHunks(before, after).hunks).toHaveLength(4);
  });

  it('needs no diff for a rewrite that shares no line: one exact hunk, not a fallback', () => {
    const big = Array.from({ length: 10_000 }, (_, i) => `old ${i}`).join('\n');
    const rewritten = Array.from({ length: 10_000 }, (_, i) => `new ${i}`).join('\n');
    const result = deriveSuggestionHunks(big, rewritten);
    expect(result.fallback).toBe(false);
    expect(result.hunks).toHaveLength(1);
    expect(result.hunks[0]).toMatchObject({ startLine: 1, endLine: 10_000 });
  });

  it('falls back for a 10,000-line rewrite that keeps blank lines (edit distance far above the cap)', () => {
    const lines = (prefix: string): string =>
      Array.from({ length: 10_000 }, (_, i) => (i % 5 === 0 ? '' : `${prefix} ${i}`)).join('\n');
    const result = deriveSuggestionHunks(lines('old'), lines('new'));
    expect(result.fallback).toBe(true);
    expect(applySuggestionHunks(toLines(lines('old')), result.hunks)).toEqual(toLines(lines('new')));
  });

  it('rejects options that make no sense, naming the value', () => {
    expect(() => deriveSuggestionHunks('a', 'b', { maxEditLength: -1 })).toThrow('maxEditLength must be a non-negative integer, got -1');
    expect(() => deriveSuggestionHunks('a', 'b', { timeoutMs: 0 })).toThrow('timeoutMs must be a positive number of milliseconds, got 0');
  });
});
