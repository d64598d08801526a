/**
 * A file's viewed mark is stored with a fingerprint of its diff (sha256 of
 * its patch section): when the file's diff changes, the mark no longer
 * matches and is dropped. Computed lazily and memoized, since only files
 * that are or were marked need it.
 */
import { sha256Hex } from '@redline/core';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';

const cache = new WeakMap<ReviewFile, string>();

export function viewedFingerprint(file: ReviewFile): string {
  let fingerprint = cache.get(file);
  if (fingerprint === undefined) {
    fingerprint = sha256Hex(file.patchSection === '' ? `${file.path}\u0000${file.status}` : file.patchSection);
    cache.set(file, fingerprint);
  }
  return fingerprint;
}

/** The viewed marks that still apply to these files (path -> fingerprint), or may once their sections arrive. */
export function keepValidViewed(viewed: Readonly<Record<string, string>>, files: readonly ReviewFile[]): Record<string, string> {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const kept: Record<string, string> = {};
  for (const [path, fingerprint] of Object.entries(viewed)) {
    const file = byPath.get(path);
    // A paged review's file still loading keeps its mark: it counts once its section is there and matches.
    if (file && (file.loading || viewedFingerprint(file) === fingerprint)) kept[path] = fingerprint;
  }
  return kept;
}
