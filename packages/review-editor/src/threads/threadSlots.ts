/**
 * Where earlier rounds' threads sit in a file's diff: under their lines now
 * (the core's `Thread.lines`), or above the first line when they have none
 * (file threads, outdated ones) or when those lines are outside every hunk
 * of the diff shown (diff/slotPlacement.ts: the round diff since the last
 * round often leaves a commented line out).
 */
import type { DiffLineAnnotation } from '@pierre/diffs';
import type { Thread } from '@redline/core';
import type { SlotMeta } from '../diff/slotMeta.js';
import { placeOnLine } from '../diff/slotPlacement.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';

/** `roundView`: the file shows the change since the last round, whose old side is not the base's: old-side threads go above the file. */
export function threadSlotsFor(file: ReviewFile, threads: readonly Thread[], roundView = false): DiffLineAnnotation<SlotMeta>[] {
  return threads.map((thread) => {
    const side = thread.annotation.scope === 'line' && thread.annotation.side === 'old' ? 'old' : 'new';
    return placeOnLine(file, side, roundView && side === 'old' ? 0 : (thread.lines?.endLine ?? 0), { kind: 'thread', id: thread.id });
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
