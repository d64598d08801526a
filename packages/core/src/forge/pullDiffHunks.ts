/**
 * Which lines of each file a pull request's diff shows: GitHub takes a review
 * comment only on a line of its diff (an added, deleted or context line of a
 * hunk), and a multi-line comment or a suggestion only inside one hunk. Read
 * from the unified patch of the pull request (`base...head`, git's default
 * three lines of context, as GitHub shows it).
 */
import type { LineSpan } from '../model/lineSpan.js';
import { splitPatchSections } from '../diff/splitPatchSections.js';
import { parseHunks } from '../firstScreen/parseHunks.js';

/** One hunk: the lines it shows on each side (null: none on that side, as a hunk that only adds). */
export interface DiffHunkSpan {
  old: LineSpan | null;
  new: LineSpan | null;
}

/** Path (the new side's, the one GitHub's comments name) -> its hunks in order; a file with no hunk (binary, mode only) has none. */
export type PullDiffHunks = ReadonlyMap<string, readonly DiffHunkSpan[]>;

/** The hunks of a patch whose i-th section is the file `paths[i]` (the order git's diff gives both in). */
export function pullDiffHunksOfPatch(patch: string, paths: readonly string[]): PullDiffHunks {
  const sections = splitPatchSections(patch);
  const out = new Map<string, DiffHunkSpan[]>();
  paths.forEach((path, i) => {
    const hunks = parseHunks(sections[i] ?? '', Number.POSITIVE_INFINITY, 0).map(({ rows }) => ({
      old: spanOf(rows.map((r) => r.oldLine)),
      new: spanOf(rows.map((r) => r.newLine)),
    }));
    out.set(path, hunks);
  });
  return out;
}

function spanOf(lines: readonly (number | null)[]): LineSpan | null {
  let startLine = Number.POSITIVE_INFINITY;
  let endLine = 0;
  for (const line of lines) {
    if (line === null) continue;
    if (line < startLine) startLine = line;
    if (line > endLine) endLine = line;
  }
  return endLine === 0 ? null : { startLine, endLine };
}
