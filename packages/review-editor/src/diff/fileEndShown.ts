/**
 * Whether a file's diff, parsed from a patch, already shows the end of the
 * file: then Pierre's "More unchanged context may be available" after the
 * last hunk is wrong (it writes it after every partial diff it can expand,
 * because a patch does not say how long the file is).
 *
 * git gives each hunk N lines of context where the file has them (redline
 * asks for -U3; a patch under review may have another N), so a last hunk
 * with fewer than N lines after its last change, or with "\ No newline at
 * end of file", ends where the file ends. N is read from the patch itself:
 * the leading context of a hunk that does not start at line 1, or the
 * trailing context of a hunk that is not the last, is exactly N.
 */
import type { FileDiffMetadata, Hunk } from '@pierre/diffs';

/** git's default, and redline's own `-U3`: used when no hunk shows N. */
const DEFAULT_CONTEXT = 3;

export function fileEndShown(fileDiff: FileDiffMetadata): boolean {
  // A hydrated diff knows the file: Pierre counts the lines after the last hunk itself.
  if (!fileDiff.isPartial) return false;
  const last = fileDiff.hunks[fileDiff.hunks.length - 1];
  if (!last) return false;
  return last.noEOFCRAdditions || last.noEOFCRDeletions || trailingContext(last) < contextSize(fileDiff.hunks);
}

function leadingContext(hunk: Hunk): number {
  const first = hunk.hunkContent[0];
  return first?.type === 'context' ? first.lines : 0;
}

function trailingContext(hunk: Hunk): number {
  const last = hunk.hunkContent[hunk.hunkContent.length - 1];
  return last?.type === 'context' ? last.lines : 0;
}

function contextSize(hunks: readonly Hunk[]): number {
  let size = 0;
  hunks.forEach((hunk, i) => {
    if (hunk.additionStart > 1 && hunk.deletionStart > 1) size = Math.max(size, leadingContext(hunk));
    if (i < hunks.length - 1) size = Math.max(size, trailingContext(hunk));
  });
  return size > 0 ? size : DEFAULT_CONTEXT;
}

/**
 * A diff from a patch that holds its whole file (one hunk from line 1 on
 * both sides, an empty side counting, to the file's end: a short file, an
 * added or deleted one), marked so: not partial. Pierre then lays it out as
 * the whole file it is, with nothing to expand after it. Left partial, it
 * counted the "more context" row after the last hunk in the file's height
 * while the page hides that row (fileEndShown): CodeView places its items by
 * the heights it computes, so a short review's files sat 40 px per such
 * file below the overview (e2e/firstColours.spec.ts).
 */
export function asWholeFile(fileDiff: FileDiffMetadata): FileDiffMetadata {
  if (!fileDiff.isPartial || fileDiff.hunks.length !== 1 || !fileEndShown(fileDiff)) return fileDiff;
  const hunk = fileDiff.hunks[0]!;
  const fromTop = (start: number, count: number, lines: readonly string[]) => (count === 0 || start === 1) && lines.length === count;
  if (!fromTop(hunk.additionStart, hunk.additionCount, fileDiff.additionLines) || !fromTop(hunk.deletionStart, hunk.deletionCount, fileDiff.deletionLines)) return fileDiff;
  return { ...fileDiff, isPartial: false };
}
