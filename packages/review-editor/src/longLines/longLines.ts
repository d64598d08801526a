/**
 * Long lines in the diff view: which lines are past the core's
 * LONG_LINE_LIMIT, and the diff CodeView draws with them cut. Only what is
 * drawn is cut: the store keeps the parsed diff whole, so comments and
 * suggestions on such a line anchor on, and the export quotes, its whole
 * text. A file without long lines is drawn from its own diff (the same
 * object), so nothing changes for it.
 *
 * Measured (e2e/imagesAndLongLines.spec.ts with PROBE=1, a 5 MB one-line file, "Load diff"
 * click to its text shown): drawn whole, its element was 33,554,402 px wide
 * (Chromium's limit) and showed nothing; with word wrap on it showed after
 * 2.3 s on a quiet machine.
 */
import type { FileDiffMetadata } from '@pierre/diffs';
import { cutLongLine, isLongLine, LONG_LINE_LIMIT, type Side } from '@redline/core';
import { forEachDiffLine } from '../reviewLoading/diffLines.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';

export interface LongLine {
  side: Side;
  lineNumber: number;
  /** The whole line's length in UTF-16 code units (what the limit counts). */
  length: number;
}

const found = new WeakMap<ReviewFile, LongLine[]>();
const drawn = new WeakMap<FileDiffMetadata, FileDiffMetadata>();

/** Quick test before any slicing: a line with its terminator (at most two characters) cannot be long below this. */
const mayBeLong = (line: string) => line.length > LONG_LINE_LIMIT;

/** The long lines of a file's diff, once per parsed file. A context line counts once, on the new side. */
export function longLinesOf(file: ReviewFile): LongLine[] {
  let lines = found.get(file);
  if (!lines) {
    lines = [];
    const list = lines;
    const { additionLines, deletionLines } = file.fileDiff;
    if (additionLines.some(mayBeLong) || deletionLines.some(mayBeLong)) {
      forEachDiffLine(file.fileDiff, (line) => {
        if (!isLongLine(line.text)) return;
        const side: Side = line.kind === 'deletion' ? 'old' : 'new';
        list.push({ side, lineNumber: side === 'old' ? line.oldLine : line.newLine, length: line.text.length });
      });
    }
    found.set(file, lines);
  }
  return lines;
}

/** The diff as drawn: long lines cut (their terminators kept), under their own highlight cache key. */
export function drawnFileDiff(fileDiff: FileDiffMetadata): FileDiffMetadata {
  if (!fileDiff.additionLines.some(mayBeLong) && !fileDiff.deletionLines.some(mayBeLong)) return fileDiff;
  let cut = drawn.get(fileDiff);
  if (!cut) {
    cut = {
      ...fileDiff,
      additionLines: fileDiff.additionLines.map(cutDrawnLine),
      deletionLines: fileDiff.deletionLines.map(cutDrawnLine),
      ...(fileDiff.cacheKey === undefined ? {} : { cacheKey: `${fileDiff.cacheKey}:long-lines-cut` }),
    };
    drawn.set(fileDiff, cut);
  }
  return cut;
}

function cutDrawnLine(line: string): string {
  if (!mayBeLong(line)) return line;
  const terminator = line.endsWith('\r\n') ? '\r\n' : line.endsWith('\n') ? '\n' : '';
  const text = line.slice(0, line.length - terminator.length);
  return isLongLine(text) ? `${cutLongLine(text)}…${terminator}` : line;
}
