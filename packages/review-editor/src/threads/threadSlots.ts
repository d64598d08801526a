/**
 * Where earlier rounds' threads sit in a file's diff: under their lines now
 * (the core's `Thread.lines`), or above the first line when they have none
 * (file threads, outdated ones) or when those lines are outside every hunk
 * of the diff shown (CodeView only renders a slot on a line it draws: the
 * round diff since the last round often leaves a commented line out).
 */
import type { DiffLineAnnotation, FileDiffMetadata } from '@pierre/diffs';
import type { Thread } from '@redline/core';
import type { SlotMeta } from '../diff/slotMeta.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';

export function threadSlotsFor(file: ReviewFile, threads: readonly Thread[]): DiffLineAnnotation<SlotMeta>[] {
  const fileSide = file.status === 'deleted' ? 'deletions' : 'additions';
  return threads.map((thread) => {
    const side = thread.annotation.scope === 'line' && thread.annotation.side === 'old' ? 'old' : 'new';
    const line = thread.lines?.endLine ?? 0;
    const shown = line > 0 && isInHunks(file.fileDiff, side, line);
    return shown
      ? { side: side === 'old' ? 'deletions' : 'additions', lineNumber: line, metadata: { kind: 'thread', id: thread.id } }
      : { side: fileSide, lineNumber: 0, metadata: { kind: 'thread', id: thread.id } };
  });
}

function isInHunks(fileDiff: FileDiffMetadata, side: 'old' | 'new', line: number): boolean {
  return fileDiff.hunks.some((hunk) => {
    const start = side === 'new' ? hunk.additionStart : hunk.deletionStart;
    const count = side === 'new' ? hunk.additionCount : hunk.deletionCount;
    return line >= start && line < start + count;
  });
}

/** A file's threads, keyed by path, recomputed only when the core's list changes. */
export function threadsByPath(threads: readonly Thread[]): Map<string, Thread[]> {
  const byPath = new Map<string, Thread[]>();
  for (const thread of threads) {
    if (thread.annotation.scope === 'general') continue;
    const list = byPath.get(thread.path);
    if (list) list.push(thread);
    else byPath.set(thread.path, [thread]);
  }
  return byPath;
}
