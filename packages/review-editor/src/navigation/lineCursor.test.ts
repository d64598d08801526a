import { describe, expect, test } from 'vitest';
import { parseReviewFiles } from '../reviewLoading/parseReviewFiles.js';
import { CALC_FILES, CALC_PATCH, KINDS_FILES, KINDS_PATCH, makeReview } from '../testing/fixtures.js';
import { cursorLinesOf, cursorSelection, describeCursor, moveCursor, stepHunk, switchSide, type LineCursor } from './lineCursor.js';

const [calc] = parseReviewFiles(makeReview(CALC_PATCH, CALC_FILES));
const kinds = parseReviewFiles(makeReview(KINDS_PATCH, KINDS_FILES));
const files = [calc!, ...kinds];

/** The cursor after pressing `keys` (↓ ↑, S↓ S↑ with Shift) from no cursor. */
function press(keys: string[], start: LineCursor | null = null): LineCursor | null {
  let cursor = start;
  for (const key of keys) cursor = moveCursor(files, cursor, calc!.id, key.endsWith('↓') ? 1 : -1, key.startsWith('S'));
  return cursor;
}

const where = (c: LineCursor | null) => (c ? `${c.fileId}:${c.at.side}${c.at.line}` : null);

describe('the line cursor', () => {
  test("visits a file's lines in the order the diff shows them (deletions before additions), with their hunk", () => {
    expect(cursorLinesOf(calc!).map((l) => `${l.side}${l.line}#${l.hunk}`)).toEqual(['new1#0', 'old2#0', 'new2#0', 'new3#0', 'new8#1', 'old9#1', 'new9#1']);
  });

  test('↓ starts on the current file, goes line by line and on to the next file with lines; ↑ comes back', () => {
    expect(where(press(['↓']))).toBe('src/calc.ts:new1');
    expect(where(press(['↓', '↓', '↓']))).toBe('src/calc.ts:new2');
    const end = press(Array(7).fill('↓'));
    expect(where(end)).toBe('src/calc.ts:new9');
    // bin.dat has no lines: the next file with lines is del.txt.
    expect(where(press(['↓'], end))).toBe('del.txt:old1');
    expect(where(press(['↑'], press(['↓'], end)))).toBe('src/calc.ts:new9');
  });

  test('Shift extends from where it started, within the file; the selection is the gutter kind', () => {
    const extended = press(['↓', '↓', '↓', 'S↓']);
    expect(extended).toMatchObject({ anchor: { side: 'new', line: 2 }, at: { side: 'new', line: 3 } });
    expect(cursorSelection(press(['↓', '↓', '↓', 'S↓'])!)).toEqual({ fileId: 'src/calc.ts', range: { start: 2, end: 3, side: 'additions' } });
    expect(cursorSelection(press(['↓', '↓', 'S↓'])!).range).toEqual({ start: 2, side: 'deletions', end: 2, endSide: 'additions' });
    const last = press(Array(7).fill('↓'));
    expect(press(['S↓'], last)).toBe(last);
    // A plain move drops the extension.
    expect(press(['↓'], extended)).toMatchObject({ anchor: { line: 8 }, at: { line: 8 } });
  });

  test('n/p: the first line of the next or previous hunk, across files', () => {
    const first = stepHunk(files, null, calc!.id, 1);
    expect(where(first)).toBe('src/calc.ts:new1');
    const second = stepHunk(files, first, calc!.id, 1);
    expect(where(second)).toBe('src/calc.ts:new8');
    expect(where(stepHunk(files, second, calc!.id, 1))).toBe('del.txt:old1');
    expect(where(stepHunk(files, second, calc!.id, -1))).toBe('src/calc.ts:new1');
  });

  test('what a screen reader hears', () => {
    expect(describeCursor(press(['↓', '↓', '↓', 'S↓'])!, 'src/calc.ts')).toBe('src/calc.ts, new line 3: }, lines 2 to 3 selected');
    expect(describeCursor(press(['↓'])!, 'src/calc.ts')).toBe('src/calc.ts, new line 1: export function add(a: number, b: number) {');
  });

  describe('in split view', () => {
    // Deletions and additions interleaved: b, c → B; e → E, F.
    const SPLIT_PATCH = 'diff --git a/split.txt b/split.txt\nindex 1111111..2222222 100644\n--- a/split.txt\n+++ b/split.txt\n@@ -1,6 +1,6 @@\n a\n-b\n-c\n+B\n d\n-e\n+E\n+F\n f\n';
    const [split] = parseReviewFiles(makeReview(SPLIT_PATCH, [{ ...KINDS_FILES[3]!, path: 'split.txt', additions: 3, deletions: 3 }]));
    const walk = (keys: string[], start: LineCursor | null = null) => {
      let cursor = start;
      const seen: string[] = [];
      for (const key of keys) {
        cursor = key === '←' || key === '→' ? switchSide([split!], cursor, key === '←' ? 'old' : 'new', 'split') : moveCursor([split!], cursor, split!.id, key === '↓' ? 1 : -1, false, 'split');
        seen.push(`${cursor!.at.side}${cursor!.at.line}`);
      }
      return { seen, cursor };
    };

    test('↓ walks the new column in order: new 1, 2, 3, 4, 5, 6, never an old line', () => {
      expect(cursorLinesOf(split!).map((l) => `${l.side}${l.line}`)).toEqual(['new1', 'old2', 'old3', 'new2', 'new3', 'old5', 'new4', 'new5', 'new6']);
      expect(walk(['↓', '↓', '↓', '↓', '↓', '↓']).seen).toEqual(['new1', 'new2', 'new3', 'new4', 'new5', 'new6']);
      expect(walk(['↓', '↓', '↓', '↑']).seen).toEqual(['new1', 'new2', 'new3', 'new2']);
    });

    test('← moves to the line beside in the old column, ↓ then walks the old column, → comes back beside', () => {
      expect(walk(['↓', '↓', '←', '↓', '↓', '↓', '↓', '→']).seen).toEqual(['new1', 'new2', 'old2', 'old3', 'old4', 'old5', 'old6', 'new6']);
      // Unified view has one column: ← and → leave the cursor where it is.
      const start = moveCursor([split!], null, split!.id, 1, false, 'unified');
      expect(switchSide([split!], start, 'old', 'unified')).toBe(start);
    });

    test('Shift+↓ extends within the column: a range of new lines only', () => {
      const at2 = walk(['↓', '↓']).cursor;
      const extended = moveCursor([split!], moveCursor([split!], at2, split!.id, 1, true, 'split'), split!.id, 1, true, 'split');
      expect(cursorSelection(extended!).range).toEqual({ start: 2, end: 4, side: 'additions' });
    });
  });
});
