/**
 * A minimal reference applier for derived suggestion hunks, used by the tests
 * and the fuzz to prove that hunks reproduce the edited text. It works on the
 * LF line view only; the real `redline apply` engine (files, EOL style, BOM,
 * final newline, revisions, relocation) lives elsewhere.
 */

import { codeToLines } from '../diff/lines.js';
import type { SuggestionHunk } from './deriveSuggestionHunks.js';

type HunkToApply = Pick<SuggestionHunk, 'startLine' | 'endLine' | 'originalCode' | 'suggestedCode' | 'deletion'>;

/**
 * Applies the hunks to `beforeLines` and returns the new lines. Verifies first,
 * writes nothing on error: throws when two hunks overlap, a range is outside
 * the text, or an `originalCode` differs from the lines at its range.
 */
export function applySuggestionHunks(beforeLines: readonly string[], hunks: readonly HunkToApply[]): string[] {
  const ordered = [...hunks].sort((x, y) => x.startLine - y.startLine || x.endLine - y.endLine);
  let previousEnd = 0;
  for (const hunk of ordered) {
    const { startLine, endLine } = hunk;
    const where = `hunk at lines ${startLine}-${endLine}`;
    if (!Number.isInteger(startLine) || !Number.isInteger(endLine) || startLine < 1 || endLine < startLine - 1) {
      throw new RangeError(`${where}: not a valid 1-based range`);
    }
    if (endLine > beforeLines.length) {
      throw new RangeError(`${where}: past the end of a ${beforeLines.length}-line text`);
    }
    if (startLine <= previousEnd) {
      throw new RangeError(`${where}: overlaps the previous hunk ending at line ${previousEnd}`);
    }
    const count = endLine - startLine + 1;
    const expected = codeToLines(hunk.originalCode, count > 0);
    const actual = beforeLines.slice(startLine - 1, endLine);
    if (expected.length !== count || expected.some((line, i) => line !== actual[i])) {
      throw new Error(`${where}: originalCode does not match the text at its range`);
    }
    if (hunk.deletion && hunk.suggestedCode !== '') {
      throw new Error(`${where}: a deletion must have suggestedCode ''`);
    }
    previousEnd = Math.max(previousEnd, endLine);
  }
  // Every range is verified and disjoint, so applying top-down while copying
  // the lines between hunks is the same as splicing bottom-up, in one pass.
  const lines: string[] = [];
  let next = 0;
  for (const hunk of ordered) {
    for (; next < hunk.startLine - 1; next++) lines.push(beforeLines[next]!);
    if (!hunk.deletion) for (const line of codeToLines(hunk.suggestedCode, true)) lines.push(line);
    next = hunk.endLine;
  }
  for (; next < beforeLines.length; next++) lines.push(beforeLines[next]!);
  return lines;
}
