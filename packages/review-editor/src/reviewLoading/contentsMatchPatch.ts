/**
 * Pierre hydrates a partial diff with whatever contents it is given and never
 * checks them (pierre-diffs-guide §2). Before expanding context with files
 * fetched from the server, check that every line the patch shows is at the
 * same place in the fetched text, on both sides: a file changed on disk since
 * the diff was read must not be spliced into it.
 *
 * Lines are compared the way git splits them (on LF), ignoring a CR before
 * the LF, which the patch keeps and Pierre may not.
 */
import type { FileDiffMetadata } from '@pierre/diffs';
import { gitLines, stripCr } from '@redline/core';
import { stripTerminator } from './diffLines.js';

export interface ContentsMismatch {
  side: 'old' | 'new';
  lineNumber: number;
}

/** null when consistent, else the first line that differs. */
export function findContentsMismatch(
  fileDiff: FileDiffMetadata,
  oldText: string | null,
  newText: string | null,
): ContentsMismatch | null {
  const oldLines = oldText === null ? null : gitLines(oldText);
  const newLines = newText === null ? null : gitLines(newText);
  for (const hunk of fileDiff.hunks) {
    const checks: [side: 'old' | 'new', lines: string[] | null, source: string[], start: number, index: number, count: number][] = [
      ['old', oldLines, fileDiff.deletionLines, hunk.deletionStart, hunk.deletionLineIndex, hunk.deletionCount],
      ['new', newLines, fileDiff.additionLines, hunk.additionStart, hunk.additionLineIndex, hunk.additionCount],
    ];
    for (const [side, lines, source, start, index, count] of checks) {
      if (count === 0) continue;
      if (lines === null) return { side, lineNumber: start };
      for (let i = 0; i < count; i++) {
        const fromPatch = source[index + i];
        const fromFile = lines[start - 1 + i];
        if (fromPatch === undefined || fromFile === undefined || stripCr(stripTerminator(fromPatch)) !== fromFile) {
          return { side, lineNumber: start + i };
        }
      }
    }
  }
  return null;
}
