/**
 * The line cursor: a keyboard-only reviewer's place in
 * the diff. ↑/↓ move it over the lines the diff shows, from file to file; in
 * unified view in the order they are shown (a hunk's deletions before its
 * additions), in split view down one column (the side it is on: new lines
 * and context, or old lines and context), ←/→ switching columns on the same
 * row. Shift extends the selection from where it started. The selection it
 * makes is the one the gutter makes (`LineSelection`), so `c`, `s` and the
 * highlight are the page's existing ones. Pure: the files in, the next
 * cursor out.
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
  /** Its row in split view (an old line and the new line beside it share one). */
  row: number;
}

export interface LineCursor {
  fileId: string;
  at: CursorLine;
  /** Where a Shift-extended selection started (the cursor itself when nothing is extended). */
  anchor: CursorLine;
}

/** How the diff is drawn now: the order ↓ walks. */
export type CursorLayout = 'unified' | 'split';

interface FileLines {
  /** Unified order, context lines by their new-side number. */
  unified: CursorLine[];
  /** Split view's columns, each with its context lines. */
  old: CursorLine[];
  new: CursorLine[];
}

const linesCache = new WeakMap<ReviewFile, FileLines>();

function fileLines(file: ReviewFile): FileLines {
  let lines = linesCache.get(file);
  if (lines) return lines;
  lines = { unified: [], old: [], new: [] };
  let hunk = -1;
  // Split rows: a block of changes puts its deletions and additions side by side from its first row.
  let next = 0;
  let block = { start: 0, deletions: 0, additions: 0, hunk: -1, open: false };
  const closeBlock = () => {
    if (block.open) next = block.start + Math.max(block.deletions, block.additions);
    block = { ...block, open: false };
  };
  forEachDiffLine(file.fileDiff, (visit) => {
    hunk = hunkOf(file, visit.oldLine, visit.newLine, hunk);
    if (visit.kind === 'context' || block.hunk !== hunk || (visit.kind === 'deletion' && block.additions > 0)) closeBlock();
    if (visit.kind === 'context') {
      const row = next++;
      const at = { text: visit.text, hunk, row };
      lines.unified.push({ side: 'new', line: visit.newLine, ...at });
      lines.new.push({ side: 'new', line: visit.newLine, ...at });
      lines.old.push({ side: 'old', line: visit.oldLine, ...at });
      return;
    }
    if (!block.open) block = { start: next, deletions: 0, additions: 0, hunk, open: true };
    const side: Side = visit.kind === 'deletion' ? 'old' : 'new';
    const row = block.start + (side === 'old' ? block.deletions++ : block.additions++);
    const line: CursorLine = { side, line: side === 'old' ? visit.oldLine : visit.newLine, text: visit.text, hunk, row };
    lines.unified.push(line);
    lines[side].push(line);
  });
  linesCache.set(file, lines);
  return lines;
}

/** The lines of a file in the order the diff shows them (context lines by their new-side number). */
export function cursorLinesOf(file: ReviewFile): CursorLine[] {
  return fileLines(file).unified;
}

/** The lines ↓ walks in a file: unified order, or in split view the column of `side` (new when it has lines, else old). */
function walkedLines(file: ReviewFile, layout: CursorLayout, side: Side = 'new'): CursorLine[] {
  const lines = fileLines(file);
  if (layout === 'unified') return lines.unified;
  return lines[side].length > 0 ? lines[side] : lines[side === 'new' ? 'old' : 'new'];
}

/** A line of a file as the cursor knows it (a click, an annotation), in the layout shown, or undefined when the diff does not list it. */
export function findCursorLine(file: ReviewFile, layout: CursorLayout, side: Side, line: number): CursorLine | undefined {
  const lines = layout === 'unified' ? fileLines(file).unified : fileLines(file)[side];
  return lines.find((l) => l.side === side && l.line === line);
}

/** The line a file opened with the keyboard starts on: its first, in split view its first new line. */
export function firstLineOf(file: ReviewFile, layout: CursorLayout): CursorLine | undefined {
  return walkedLines(file, layout)[0];
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
function firstLineFrom(files: readonly ReviewFile[], index: number, direction: 1 | -1, layout: CursorLayout, side?: Side): LineCursor | null {
  for (let i = index; i >= 0 && i < files.length; i += direction) {
    const file = files[i]!;
    const lines = walkedLines(file, layout, side);
    const line = direction === 1 ? lines[0] : lines[lines.length - 1];
    if (line) return cursorAt(file.id, line);
  }
  return null;
}

/**
 * ↓/↑ (Shift: extend). Without a cursor it starts on the current file's
 * first line (in split view, its first new line); past a file's end it goes
 * on to the next file with lines, on the same side. An extended selection
 * stays in its file.
 */
export function moveCursor(files: readonly ReviewFile[], cursor: LineCursor | null, currentFileId: string | null, direction: 1 | -1, extend: boolean, layout: CursorLayout = 'unified'): LineCursor | null {
  if (!cursor) return firstLineFrom(files, Math.max(0, files.findIndex((f) => f.id === currentFileId)), 1, layout);
  const index = files.findIndex((f) => f.id === cursor.fileId);
  const file = files[index];
  if (!file) return firstLineFrom(files, 0, 1, layout);
  const lines = walkedLines(file, layout, cursor.at.side);
  const at = lines.findIndex((l) => sameLine(l, cursor.at));
  const next = at < 0 ? nearestRow(lines, cursor.at.row) : lines[at + direction];
  if (next) return extend ? { ...cursor, at: next } : cursorAt(file.id, next);
  if (extend) return cursor;
  return firstLineFrom(files, index + direction, direction, layout, cursor.at.side) ?? cursor;
}

/** ←/→ in split view: the line beside the cursor's in the other column (the nearest row that has one). Unified view has one column. */
export function switchSide(files: readonly ReviewFile[], cursor: LineCursor | null, side: Side, layout: CursorLayout): LineCursor | null {
  if (!cursor || layout === 'unified' || cursor.at.side === side) return cursor;
  const file = files.find((f) => f.id === cursor.fileId);
  const beside = file ? nearestRow(fileLines(file)[side], cursor.at.row) : undefined;
  return beside && file ? cursorAt(file.id, beside) : cursor;
}

function nearestRow(lines: readonly CursorLine[], row: number): CursorLine | undefined {
  let best: CursorLine | undefined;
  for (const line of lines) if (!best || Math.abs(line.row - row) < Math.abs(best.row - row)) best = line;
  return best;
}

/** `n`/`p`: the first line of the next (previous) hunk, across files (in split view, on the cursor's side where the hunk has lines there). */
export function stepHunk(files: readonly ReviewFile[], cursor: LineCursor | null, currentFileId: string | null, direction: 1 | -1, layout: CursorLayout = 'unified'): LineCursor | null {
  const index = Math.max(0, files.findIndex((f) => f.id === (cursor?.fileId ?? currentFileId)));
  const file = files[index];
  if (!file) return null;
  const side = cursor?.at.side;
  const hunk = cursor ? cursor.at.hunk + direction : 0;
  const inFile = hunkStart(file, hunk, layout, side);
  if (inFile) return cursorAt(file.id, inFile);
  if (!cursor && direction === 1) return firstLineFrom(files, index, 1, layout);
  for (let i = index + direction; i >= 0 && i < files.length; i += direction) {
    const other = files[i]!;
    const lines = cursorLinesOf(other);
    const last = lines[lines.length - 1];
    const target = direction === 1 ? hunkStart(other, 0, layout, side) : last && hunkStart(other, last.hunk, layout, side);
    if (target) return cursorAt(other.id, target);
  }
  return cursor;
}

function hunkStart(file: ReviewFile, hunk: number, layout: CursorLayout, side?: Side): CursorLine | undefined {
  if (hunk < 0) return undefined;
  const inHunk = (l: CursorLine) => l.hunk === hunk;
  if (layout === 'unified') return cursorLinesOf(file).find(inHunk);
  const lines = fileLines(file);
  const first = side ?? 'new';
  return lines[first].find(inHunk) ?? lines[first === 'new' ? 'old' : 'new'].find(inHunk);
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
