/**
 * A git-style unified diff of one file's text change, as `redline apply
 * --check` prints it: `git apply --check` accepts it against the old file and
 * `git apply` turns the old bytes into the new ones.
 *
 * It works on git's own line model, not on `lines.ts`: a line is everything up
 * to and including '\n', so a CR before it (CRLF) or anywhere inside a line
 * (a lone CR) is content and comes through byte for byte. A last line without
 * '\n' is followed by `\ No newline at end of file`. A BOM is content of the
 * first line. Paths are quoted as git quotes them (core.quotepath on): C-style
 * in double quotes when they hold a control character, '"', '\' or non-ASCII.
 */

import { diffLineRegions } from '../suggestions/diffLineRegions.js';
import { splitGitLines } from './gitLines.js';
import { quoteGitPath } from './quoteGitPath.js';

export interface UnifiedDiffOptions {
  /** Unchanged lines shown around each change. Default 3, like git. */
  context?: number;
}

/** The diff turning `oldText` into `newText` at repository path `path`; '' when they are equal. */
export function formatUnifiedDiff(path: string, oldText: string, newText: string, options?: UnifiedDiffOptions): string {
  const context = options?.context ?? 3;
  if (!Number.isInteger(context) || context < 0) {
    throw new RangeError(`context must be a non-negative integer, got ${String(context)}`);
  }
  if (oldText === newText) return '';
  const ops = lineOps(splitGitLines(oldText), splitGitLines(newText));
  const a = quoteGitPath(`a/${path}`, { quotepath: true });
  const b = quoteGitPath(`b/${path}`, { quotepath: true });
  // git ends ---/+++ names that contain a space with a tab, so a reader can
  // tell the name from a trailing timestamp.
  const tab = (name: string) => (name.includes(' ') && !name.startsWith('"') ? '\t' : '');
  let out = `diff --git ${a} ${b}\n--- ${a}${tab(a)}\n+++ ${b}${tab(b)}\n`;
  for (const hunk of groupHunks(ops, context)) out += formatHunk(hunk);
  return out;
}

interface LineOp {
  kind: ' ' | '-' | '+';
  line: string;
  /** 0-based index in the old text of this line (context and '-'), or of the line the insertion goes before ('+'). */
  oldIndex: number;
  newIndex: number;
}

/**
 * The line diff as context, removed and added lines. diffLineRegions trims the
 * common prefix and suffix and caps Myers (deterministically: no timeout), so
 * a huge rewrite costs linear time and yields one coarse but correct hunk.
 */
function lineOps(oldLines: string[], newLines: string[]): LineOp[] {
  const ops: LineOp[] = [];
  let i = 0;
  let j = 0;
  const same = (until: number) => {
    for (; i < until; i++, j++) ops.push({ kind: ' ', line: oldLines[i]!, oldIndex: i, newIndex: j });
  };
  for (const region of diffLineRegions(oldLines, newLines, { timeoutMs: Infinity }).regions) {
    same(region.aStart);
    for (; i < region.aEnd; i++) ops.push({ kind: '-', line: oldLines[i]!, oldIndex: i, newIndex: j });
    for (; j < region.bEnd; j++) ops.push({ kind: '+', line: newLines[j]!, oldIndex: i, newIndex: j });
  }
  same(oldLines.length);
  return ops;
}

/** Slices of `ops`: each change with up to `context` unchanged lines around it, merged when they touch. */
function groupHunks(ops: readonly LineOp[], context: number): LineOp[][] {
  const hunks: LineOp[][] = [];
  let k = 0;
  while (k < ops.length) {
    while (k < ops.length && ops[k]!.kind === ' ') k++;
    if (k === ops.length) break;
    let start = k;
    for (let c = 0; c < context && start > 0 && ops[start - 1]!.kind === ' '; c++) start--;
    // Extend while the next change is within 2 * context unchanged lines.
    let end = k;
    for (;;) {
      while (end < ops.length && ops[end]!.kind !== ' ') end++;
      let gap = 0;
      while (end + gap < ops.length && ops[end + gap]!.kind === ' ') gap++;
      if (end + gap < ops.length && gap <= 2 * context) {
        end += gap;
        continue;
      }
      end += Math.min(gap, context);
      break;
    }
    hunks.push(ops.slice(start, end));
    k = end;
  }
  return hunks;
}

function formatHunk(hunk: readonly LineOp[]): string {
  const first = hunk[0]!;
  const oldCount = hunk.filter((op) => op.kind !== '+').length;
  const newCount = hunk.filter((op) => op.kind !== '-').length;
  let out = `@@ -${rangeHeader(first.oldIndex, oldCount)} +${rangeHeader(first.newIndex, newCount)} @@\n`;
  for (const op of hunk) {
    out += op.kind + op.line;
    if (!op.line.endsWith('\n')) out += '\n\\ No newline at end of file\n';
  }
  return out;
}

/** Git's `start,count`: ",1" is left out, and an empty side names the line before it. */
function rangeHeader(index: number, count: number): string {
  if (count === 0) return `${index},0`;
  return count === 1 ? `${index + 1}` : `${index + 1},${count}`;
}
