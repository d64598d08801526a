/**
 * Finding the lines of a file's diff that hold invisible or bidirectional
 * characters, so the view can show them as chips (Shiki and Pierre render
 * them as nothing) and put a banner on the file.
 */
import type { FileDiffMetadata } from '@pierre/diffs';
import { findUnsafeChars, hasUnsafeChars, type Side, type UnsafeChar } from '@redline/core';
import { forEachDiffLine } from '../reviewLoading/diffLines.js';

export interface UnsafeLine {
  side: Side;
  lineNumber: number;
  chars: UnsafeChar[];
}

export function findUnsafeLines(fileDiff: FileDiffMetadata): UnsafeLine[] {
  const found: UnsafeLine[] = [];
  forEachDiffLine(fileDiff, (line) => {
    const side: Side = line.kind === 'deletion' ? 'old' : 'new';
    const lineNumber = side === 'old' ? line.oldLine : line.newLine;
    const options = { atFileStart: lineNumber === 1 };
    if (!hasUnsafeChars(line.text, options)) return;
    found.push({ side, lineNumber, chars: findUnsafeChars(line.text, options) });
  });
  return found;
}
