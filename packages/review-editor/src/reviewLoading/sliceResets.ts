/**
 * What each slice does with its own keys when a review is installed: a first load (with the draft saved for this
 * diff, if any), a re-read (Refresh, the whitespace and rename toggles), or a draft that arrives after the review.
 * Each slice exports its `SliceResets` beside its creator and returns only its own keys; the review slice
 * (reviewSlice.ts) merges them into the one store update that installs the review.
 */
import type { Annotation, DraftData } from '@redline/core';
import type { ReviewStoreState } from '../app/reviewStore.js';
import type { ReviewFile } from './reviewFile.js';

export interface InstalledFiles {
  files: readonly ReviewFile[];
  fileIds: ReadonlySet<string>;
}

export interface RereadReview extends InstalledFiles {
  /** The reviewer's annotations, re-anchored to the re-read diff. */
  annotations: Annotation[];
}

export interface SliceResets<Slice> {
  /** The reviewer's work a saved draft of this diff gives back (null: a fresh start). */
  fromDraft(draft: DraftData | null, installed: InstalledFiles): Partial<Slice>;
  /** What else a first load starts afresh. */
  onLoad(installed: InstalledFiles): Partial<Slice>;
  /** A re-read keeps the reviewer's work, minus what belonged to files that are gone. */
  onReread(s: ReviewStoreState, reread: RereadReview): Partial<Slice>;
}

export const installedFiles = (files: readonly ReviewFile[]): InstalledFiles => ({ files, fileIds: new Set(files.map((f) => f.id)) });

/** `record` without the keys of files that are gone. */
export function keepFileIds<V>(record: Readonly<Record<string, V>>, fileIds: ReadonlySet<string>): Record<string, V> {
  return Object.fromEntries(Object.entries(record).filter(([id]) => fileIds.has(id)));
}
