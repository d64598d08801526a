/**
 * The first rows of one file's diff, read straight from its patch section
 * (no diff library: the server draws them before any of the page's code
 * runs), and the split view's pairing of them.
 */
import { forEachGitLine, stripCr } from '../diff/gitLines.js';
import type { HunkRange } from '../compare/pickedText.js';

export type RowKind = 'context' | 'addition' | 'deletion';

export interface DiffRow {
  kind: RowKind;
  oldLine: number | null;
  newLine: number | null;
  text: string;
}

/** A hunk's rows, how many unchanged lines come before it, and its header's ranges (what a pick of it names: compare/pickedText.ts). */
export interface Hunk {
  gapBefore: number;
  rows: DiffRow[];
  range: HunkRange;
}

/** Split view: the old side's row beside the new side's (null: nothing on that side). */
export type RowPair = [DiffRow | null, DiffRow | null];

const HUNK_HEADER_RE = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * The hunks of one file's section, up to `maxRows` rows in all. Lines
 * after the last row are not read (a section can be megabytes long).
 */
export function parseHunks(section: string, maxRows: number, maxLineChars: number): Hunk[] {
  const hunks: Hunk[] = [];
  let current: Hunk | null = null;
  let oldLine = 0;
  let newLine = 0;
  let nextOld = 1;
  let rows = 0;
  if (maxRows <= 0) return hunks;
  forEachGitLine(section, (line) => {
    const header = HUNK_HEADER_RE.exec(line);
    if (header) {
      oldLine = Number(header[1]);
      newLine = Number(header[3]);
      // A hunk that only adds to an empty side starts "at" line 0.
      const oldStart = header[2] === '0' ? oldLine + 1 : oldLine;
      const range = { oldStart: oldLine, oldLines: Number(header[2] ?? 1), newStart: newLine, newLines: Number(header[4] ?? 1) };
      current = { gapBefore: Math.max(0, oldStart - nextOld), rows: [], range };
      hunks.push(current);
      return true;
    }
    if (!current) return true; // the section's header lines
    const marker = line.charAt(0);
    const content = clip(stripCr(line.slice(1)), maxLineChars);
    if (marker === ' ') current.rows.push({ kind: 'context', oldLine: oldLine++, newLine: newLine++, text: content });
    else if (marker === '-') current.rows.push({ kind: 'deletion', oldLine: oldLine++, newLine: null, text: content });
    else if (marker === '+') current.rows.push({ kind: 'addition', oldLine: null, newLine: newLine++, text: content });
    else return true; // "\ No newline at end of file", or the end of the section
    nextOld = oldLine;
    rows++;
    return rows < maxRows; // lines after the last row are not read
  });
  return hunks;
}

/** Split view: each run of deletions beside the run of additions after it. */
export function pairRows(rows: readonly DiffRow[]): RowPair[] {
  const out: RowPair[] = [];
  let i = 0;
  while (i < rows.length) {
    const row = rows[i]!;
    if (row.kind === 'context') {
      out.push([row, row]);
      i++;
      continue;
    }
    const deletions: DiffRow[] = [];
    const additions: DiffRow[] = [];
    while (i < rows.length && rows[i]!.kind === 'deletion') deletions.push(rows[i++]!);
    while (i < rows.length && rows[i]!.kind === 'addition') additions.push(rows[i++]!);
    for (let k = 0; k < Math.max(deletions.length, additions.length); k++) out.push([deletions[k] ?? null, additions[k] ?? null]);
  }
  return out;
}

function clip(line: string, max: number): string {
  return line.length > max ? line.slice(0, max) : line;
}
