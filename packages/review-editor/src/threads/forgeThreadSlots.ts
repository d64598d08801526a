/**
 * Where the pull request's review threads sit in a file's diff: under their
 * (last) line on their side, GitHub's LEFT the old side and RIGHT the new,
 * as the reviewer's own cards do; a line the diff does not draw puts the card
 * above the file (diff/slotPlacement.ts). An outdated thread (GitHub gives it
 * no line now) has no card in the diff: the sidebar's list shows it
 * (ForgeThreadList.tsx). In a round view the old side is the last round's,
 * not the base's: a LEFT thread goes above the file.
 */
import type { DiffLineAnnotation } from '@pierre/diffs';
import type { ForgeThread } from '@redline/core';
import type { SlotMeta } from '../diff/slotMeta.js';
import { placeOnLine } from '../diff/slotPlacement.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';

export function forgeThreadSide(thread: ForgeThread): 'old' | 'new' {
  return thread.side === 'LEFT' ? 'old' : 'new';
}

export function forgeThreadSlots(file: ReviewFile, threads: readonly ForgeThread[], roundView = false): DiffLineAnnotation<SlotMeta>[] {
  return threads
    .filter((thread) => thread.path === file.path && thread.line !== null)
    .map((thread) => {
      const side = forgeThreadSide(thread);
      return placeOnLine(file, side, roundView && side === 'old' ? 0 : (thread.line ?? 0), { kind: 'forge-thread', id: thread.id });
    });
}
