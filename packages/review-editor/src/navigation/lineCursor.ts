/**
 * The line cursor: a keyboard-only reviewer's place in
 * the diff. ↑/↓ move it over the lines the diff shows, in the order they are
 * shown (a hunk's deletions before its additions), from file to file; Shift
 * extends the selection from where it started. The selection it makes is
 * the one the gutter makes (`LineSelection`), so `c`, `s` and the highlight
 * are the page's existing ones. Pure: the files in, the next cursor out.
 */
import type { SelectedLineRange } from '@pierre/diffs';
import type { Side } from '@redline/core';
import type { LineSelection } from '../composer/composerSlice.js';
import { forEachDiffLine } from '../reviewLoading/diffLines.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';

/** One line as the cursor visits it. */
export interface CursorLine {
  side: Side;
  line: number;
  text: string;
  /** Which hunk of the file it belongs to (0-based). */
  hunk: number;
}

export interface LineCursor {
  fileId: string;
  at: CursorLine;
  /** Where a Shift-extended selection started (the cursor itself when nothing is extended). */
  anchor: CursorLine;
}

const linesCache = new WeakMap<ReviewFile, CursorLine[]>();

/** The lines of a file in the order the diff shows them (context lines by their new-side number). */
export function cursorLinesOf(file: ReviewFile): CursorLine[] {
  let lines = linesCache.get(file);
  if (lines) return lines;
  const list: CursorLine[] = [];
  let hunk = -1;
  forEachDiffLine(file.fileDiff, (visit) => {
    const side: Side = visit.kind === 'deletion' ? 'old' : 'new';
    hunk = hunkOf(file, visit.oldLine, visit.newLine, hunk);
    list.push({ side, line: side === 'old' ? visit.oldLine : visit.newLine, text: visit.text, hunk });
  });
  lines = list;
  linesCache.set(file, lines);
  return lines;
}

/** The hunk holding a line (hunks are visited in order, so it only moves forward). */
function hunkOf(file: ReviewFile, oldLine: number, newLine: number, from: number): number {
  const hunks = file.fileDiff.hunks;
  let index = Math.max(0, from);
  while (index + 1 < hunks.length) {
    const next = hunks[index + 1]!;
    const reached = newLine > 0 ? newLine >= next.additionStart : oldLine >= next.deletionStart;
    if (!reached) break;
    index++;
  }
  return index;
}

const sameLine = (a: CursorLine, b: CursorLine) => a.side === b.side && a.line === b.line;

/** A cursor on one line, nothing extended. */
export function cursorAt(fileId: string, at: CursorLine): LineCursor {
  return { fileId, at, anchor: at };
}

/** The first line of the first file at or after `index` (going `direction`) that has lines. */
function firstLineFrom(files: readonly ReviewFile[], index: number, direction: 1 | -1): LineCursor | null {
  for (let i = index; i >= 0 && i < files.length; i += direction) {
    const file = files[i]!;
    const lines = cursorLinesOf(file);
    const line = direction === 1 ? lines[0] : lines[lines.length - 1];
    if (line) return cursorAt(file.id, line);
  }
  return null;
}

/**
 * ↓/↑ (Shift: extend). Without a cursor it starts on the current file's
 * first line; past a file's end it goes on to the next file with lines.
 * An extended selection stays in its file.
 */
export function moveCursor(files: readonly ReviewFile[], cursor: LineCursor | null, currentFileId: string | null, direction: 1 | -1, extend: boolean): LineCursor | null {
  if (!cursor) return firstLineFrom(files, Math.max(0, files.findIndex((f) => f.id === currentFileId)), 1);
  const index = files.findIndex((f) => f.id === cursor.fileId);
  const file = files[index];
  if (!file) return firstLineFrom(files, 0, 1);
  const lines = cursorLinesOf(file);
  const at = lines.findIndex((l) => sameLine(l, cursor.at));
  const next = lines[at + direction];
  if (next) return extend ? { ...cursor, at: next } : cursorAt(file.id, next);
  if (extend) return cursor;
  return firstLineFrom(files, index + direction, direction) ?? cursor;
}

/** `n`/`p`: the first line of the next (previous) hunk, across files. */
export function stepHunk(files: readonly ReviewFile[], cursor: LineCursor | null, currentFileId: string | null, direction: 1 | -1): LineCursor | null {
  const index = Math.max(0, files.findIndex((f) => f.id === (cursor?.fileId ?? currentFileId)));
  const file = files[index];
  if (!file) return null;
  const hunk = cursor ? cursor.at.hunk + direction : 0;
  const inFile = hunkStart(file, hunk);
  if (inFile) return cursorAt(file.id, inFile);
  if (!cursor && direction === 1) return firstLineFrom(files, index, 1);
  for (let i = index + direction; i >= 0 && i < files.length; i += direction) {
    const other = files[i]!;
    const lines = cursorLinesOf(other);
    const last = lines[lines.length - 1];
    const target = direction === 1 ? lines[0] : last && hunkStart(other, last.hunk);
    if (target) return cursorAt(other.id, target);
  }
  return cursor;
}

function hunkStart(file: ReviewFile, hunk: number): CursorLine | undefined {
  return hunk < 0 ? undefined : cursorLinesOf(file).find((l) => l.hunk === hunk);
}

/** The diff library's name for a side. */
export const pierreSide = (side: Side): SelectedLineRange['side'] => (side === 'old' ? 'deletions' : 'additions');

/** The gutter-style selection the cursor makes (the highlight, and what `c` and `s` act on). */
export function cursorSelection(cursor: LineCursor): LineSelection {
  const { anchor, at } = cursor;
  const range: SelectedLineRange =
    anchor.side === at.side
      ? { start: anchor.line, end: at.line, side: pierreSide(at.side) }
      : { start: anchor.line, side: pierreSide(anchor.side), end: at.line, endSide: pierreSide(at.side) };
  return { fileId: cursor.fileId, range };
}

/** What a screen reader hears when the cursor moves. */
export function describeCursor(cursor: LineCursor, path: string): string {
  const { anchor, at } = cursor;
  const where = `${at.side === 'old' ? 'old' : 'new'} line ${at.line}`;
  const selected = sameLine(anchor, at) ? '' : `, lines ${Math.min(anchor.line, at.line)} to ${Math.max(anchor.line, at.line)} selected`;
  return `${path}, ${where}: ${at.text.trim() || 'blank'}${selected}`;
}
