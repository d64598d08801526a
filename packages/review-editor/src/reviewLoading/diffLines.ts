/**
 * Reading lines out of a parsed diff (`FileDiffMetadata`), by side and line
 * number, whether it holds only the patch's lines (partial) or whole files.
 *
 * Pierre keeps each line with its terminator; these helpers return the text
 * without it, the form annotations use.
 */
import type { FileDiffMetadata } from '@pierre/diffs';
import { lineWithoutBom, type Side } from '@redline/core';

/** A line's text without its `\n` or `\r\n`. */
export function stripTerminator(line: string): string {
  if (line.endsWith('\r\n')) return line.slice(0, -2);
  if (line.endsWith('\n')) return line.slice(0, -1);
  return line;
}

/** The line as annotations quote it: no terminator, and no BOM on line 1 (the core's lineWithoutBom says why). */
function fileLine(line: string, lineNumber: number): string {
  return lineWithoutBom(stripTerminator(line), lineNumber);
}

/** The text of one line on one side, or undefined when the diff does not hold it. */
export function diffLineText(fileDiff: FileDiffMetadata, side: Side, lineNumber: number): string | undefined {
  const lines = side === 'new' ? fileDiff.additionLines : fileDiff.deletionLines;
  if (!fileDiff.isPartial) {
    const line = lines[lineNumber - 1];
    return line === undefined ? undefined : fileLine(line, lineNumber);
  }
  for (const hunk of fileDiff.hunks) {
    const start = side === 'new' ? hunk.additionStart : hunk.deletionStart;
    const count = side === 'new' ? hunk.additionCount : hunk.deletionCount;
    if (lineNumber < start || lineNumber >= start + count) continue;
    const index = (side === 'new' ? hunk.additionLineIndex : hunk.deletionLineIndex) + (lineNumber - start);
    const line = lines[index];
    return line === undefined ? undefined : fileLine(line, lineNumber);
  }
  return undefined;
}

/** Lines [start, end] of one side, or null when the diff does not hold all of them. */
export function diffLinesInRange(fileDiff: FileDiffMetadata, side: Side, start: number, end: number): string[] | null {
  const out: string[] = [];
  for (let n = start; n <= end; n++) {
    const text = diffLineText(fileDiff, side, n);
    if (text === undefined) return null;
    out.push(text);
  }
  return out;
}

export type DiffLineKind = 'context' | 'deletion' | 'addition';

export interface DiffLineVisit {
  kind: DiffLineKind;
  /** Old-side line number (context and deletions), else 0. */
  oldLine: number;
  /** New-side line number (context and additions), else 0. */
  newLine: number;
  text: string;
}

/** Calls `visit` for every line of every hunk, in order. Return false to stop. */
export function forEachDiffLine(fileDiff: FileDiffMetadata, visit: (line: DiffLineVisit) => boolean | void): void {
  for (const hunk of fileDiff.hunks) {
    let oldLine = hunk.deletionStart;
    let newLine = hunk.additionStart;
    for (const block of hunk.hunkContent) {
      if (block.type === 'context') {
        for (let i = 0; i < block.lines; i++) {
          const text = stripTerminator(fileDiff.additionLines[block.additionLineIndex + i] ?? '');
          if (visit({ kind: 'context', oldLine: oldLine + i, newLine: newLine + i, text }) === false) return;
        }
        oldLine += block.lines;
        newLine += block.lines;
      } else {
        for (let i = 0; i < block.deletions; i++) {
          const text = stripTerminator(fileDiff.deletionLines[block.deletionLineIndex + i] ?? '');
          if (visit({ kind: 'deletion', oldLine: oldLine + i, newLine: 0, text }) === false) return;
        }
        for (let i = 0; i < block.additions; i++) {
          const text = stripTerminator(fileDiff.additionLines[block.additionLineIndex + i] ?? '');
          if (visit({ kind: 'addition', oldLine: 0, newLine: newLine + i, text }) === false) return;
        }
        oldLine += block.deletions;
        newLine += block.additions;
      }
    }
  }
}

/**
 * The text of one side as far as the diff knows it, for re-anchoring when the
 * full file was never fetched: lines the diff does not hold become unique
 * placeholders that match nothing, so only content that was on screen can
 * anchor an annotation.
 */
export function knownSideText(fileDiff: FileDiffMetadata, side: Side): string {
  const known = new Map<number, string>();
  let last = 0;
  forEachDiffLine(fileDiff, (line) => {
    const n = side === 'new' ? line.newLine : line.oldLine;
    if (n > 0) {
      known.set(n, line.text);
      if (n > last) last = n;
    }
  });
  const lines: string[] = [];
  for (let n = 1; n <= last; n++) lines.push(known.get(n) ?? `\u0000unknown line ${n}\u0000`);
  return lines.join('\n');
}
