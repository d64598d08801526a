/**
 * Where a card about some lines sits in a file's diff: under its last line
 * when CodeView draws that line, else above the file's first line. CodeView
 * renders a slot only on a line it draws, so a card on a line outside every
 * hunk shown (an earlier round's thread, an agent's proposal on unchanged
 * code) would otherwise not be drawn at all, and the reviewer would never
 * see it.
 */
import type { FileDiffMetadata } from '@pierre/diffs';
import type { SlotMeta } from './slotMeta.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';

/** `line` 0 (no lines: a file card, an outdated one) goes above the first line too. A CodeView DiffLineAnnotation. */
export function placeOnLine<M extends SlotMeta>(file: ReviewFile, side: 'old' | 'new', line: number, metadata: M): { side: 'additions' | 'deletions'; lineNumber: number; metadata: M } {
  if (line > 0 && isInHunks(file.fileDiff, side, line)) return { side: side === 'old' ? 'deletions' : 'additions', lineNumber: line, metadata };
  return { side: file.status === 'deleted' ? 'deletions' : 'additions', lineNumber: 0, metadata };
}

function isInHunks(fileDiff: FileDiffMetadata, side: 'old' | 'new', line: number): boolean {
  return fileDiff.hunks.some((hunk) => {
    const start = side === 'new' ? hunk.additionStart : hunk.deletionStart;
    const count = side === 'new' ? hunk.additionCount : hunk.deletionCount;
    return line >= start && line < start + count;
  });
}
