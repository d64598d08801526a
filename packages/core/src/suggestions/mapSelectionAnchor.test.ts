import { describe, expect, it } from 'vitest';
import { mapSelectionAnchor } from './mapSelectionAnchor.js';

const text = (...lines: string[]): string => lines.map((line) => `${line}\n`).join('');
const select = (startLine: number, endLine = startLine) => ({ startLine, endLine });

describe('mapSelectionAnchor: unedited lines map exactly', () => {
  it('maps a selection one to one when nothing was edited', () => {
    expect(mapSelectionAnchor(text('a', 'b', 'c'), text('a', 'b', 'c'), select(2, 3))).toEqual({ startLine: 2, endLine: 3, exact: true });
  });

  it('shifts unedited lines below an insertion', () => {
    expect(mapSelectionAnchor(text('a', 'b', 'c', 'd'), text('a', 'X', 'Y', 'b', 'c', 'd'), select(4, 5))).toEqual({
      startLine: 2,
      endLine: 3,
      exact: true,
    });
  });

  it('shifts unedited lines below a deletion, including the line right after it', () => {
    expect(mapSelectionAnchor(text('a', 'b', 'c', 'd'), text('a', 'd'), select(2))).toEqual({ startLine: 4, endLine: 4, exact: true });
  });

  it('maps unedited lines below an edited region of a different size', () => {
    expect(mapSelectionAnchor(text('a', 'b', 'c', 'd'), text('A1', 'A2', 'A3', 'b', 'c', 'd'), select(5, 6))).toEqual({
      startLine: 3,
      endLine: 4,
      exact: true,
    });
  });

  it('maps across line-ending and BOM differences', () => {
    expect(mapSelectionAnchor('\uFEFFa\r\nb\r\nc\r\n', 'a\nX\nb\nc', select(3, 4))).toEqual({ startLine: 2, endLine: 3, exact: true });
  });
});

describe('mapSelectionAnchor: edited lines map approximately', () => {
  it('maps a line of an edited region to the lines that region replaced', () => {
    expect(mapSelectionAnchor(text('a', 'b', 'c', 'd'), text('a', 'B', 'C2', 'C3', 'd'), select(3))).toEqual({
      startLine: 2,
      endLine: 3,
      exact: false,
    });
  });

  it('maps a pure insertion to the pre-edit line before it', () => {
    expect(mapSelectionAnchor(text('a', 'b'), text('a', 'X', 'b'), select(2))).toEqual({ startLine: 1, endLine: 1, exact: false });
  });

  it('maps a pure insertion at the top of the file to the line after it', () => {
    expect(mapSelectionAnchor(text('a', 'b'), text('X', 'Y', 'a', 'b'), select(1, 2))).toEqual({ startLine: 1, endLine: 1, exact: false });
  });

  it('does not claim exact for an inserted duplicate even though its text matches', () => {
    expect(mapSelectionAnchor(text('A'), text('A', 'A'), select(2))).toEqual({ startLine: 1, endLine: 1, exact: false });
    expect(mapSelectionAnchor(text('A'), text('A', 'A'), select(1))).toEqual({ startLine: 1, endLine: 1, exact: true });
  });

  it('spans the deleted lines when a selection straddles a deletion', () => {
    expect(mapSelectionAnchor(text('a', 'b', 'c'), text('a', 'c'), select(1, 2))).toEqual({ startLine: 1, endLine: 3, exact: false });
  });

  it('anchors a selection mixing inserted and unedited lines on the unedited ones', () => {
    expect(mapSelectionAnchor(text('a', 'b'), text('a', 'X', 'b'), select(2, 3))).toEqual({ startLine: 2, endLine: 2, exact: false });
    expect(mapSelectionAnchor(text('a', 'b'), text('a', 'X', 'b'), select(1, 2))).toEqual({ startLine: 1, endLine: 1, exact: false });
  });

  it('maps through the fallback region when the diff is capped', () => {
    const anchor = mapSelectionAnchor(text('k', 'a', 'b', 'c', 'd', 'k'), text('k', 'b', 'a', 'd', 'c', 'k'), select(2), { maxEditLength: 1 });
    expect(anchor).toEqual({ startLine: 2, endLine: 5, exact: false });
  });
});

describe('mapSelectionAnchor: never out of range', () => {
  it('clamps a selection outside the edited text, and orders a reversed one', () => {
    expect(mapSelectionAnchor(text('a', 'b'), text('a', 'b'), select(0, 99))).toEqual({ startLine: 1, endLine: 2, exact: true });
    expect(mapSelectionAnchor(text('a', 'b'), text('a', 'b'), select(2, 1))).toEqual({ startLine: 1, endLine: 2, exact: true });
    // The line after a final newline (where an editor puts the cursor) clamps to the last line.
    expect(mapSelectionAnchor(text('a', 'b'), text('a', 'b'), select(3))).toEqual({ startLine: 2, endLine: 2, exact: true });
  });

  it('maps every selection of an emptied buffer to all the deleted lines', () => {
    expect(mapSelectionAnchor(text('a', 'b', 'c'), '', select(1))).toEqual({ startLine: 1, endLine: 3, exact: false });
  });

  it('degenerate case: an empty pre-edit text gives line 1, never exact', () => {
    expect(mapSelectionAnchor('', text('new', 'lines'), select(1, 2))).toEqual({ startLine: 1, endLine: 1, exact: false });
  });

  it('rejects a selection that is not made of integers, naming the value', () => {
    expect(() => mapSelectionAnchor('a', 'a', { startLine: 1.5, endLine: 2 })).toThrow('selection.startLine must be an integer, got 1.5');
  });
});
