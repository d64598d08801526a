/**
 * The diffs of the other views (diffShown.ts), parsed once per patch:
 * "since round N" (the review's `sinceRound`: the last round's recorded
 * state to now), an earlier pair (GET /api/round-diff) and a span of
 * commits (GET /api/commit-span). A file shown in one of them is the
 * review's own ReviewFile with that diff in place of the whole change's, kept as one object per diff, so the items builder's caches and
 * the slot placement (a card whose line is outside every hunk shown goes
 * above the file) work on it unchanged.
 */
import { parsePatchFiles, type FileDiffMetadata } from '@pierre/diffs';
import { emptyDiff, withPassThroughStringDetach } from '../reviewLoading/parseReviewFiles.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';

export type ViewDiffs = ReadonlyMap<string, FileDiffMetadata>;

/** How a view other than the whole change shows one file: the file with that view's diff; read-only for a pair of recorded states. */
export interface FileView {
  file: ReviewFile;
  readOnly: boolean;
}

const parsedPatches = new Map<string, ViewDiffs>();
const viewFileDiffs = new WeakSet<FileDiffMetadata>();
const shownFiles = new WeakMap<FileDiffMetadata, WeakMap<ReviewFile, ReviewFile>>();

/** The patch's files by path (a deleted file by its old path), parsed once; `key` tells Pierre's caches these from the review's. */
export function parseViewDiffs(key: string, patch: string): ViewDiffs {
  const known = parsedPatches.get(key);
  if (known) return known;
  const files = withPassThroughStringDetach(() => parsePatchFiles(patch, { cacheKeyPrefix: `round-${key}` })).flatMap((parsed) => parsed.files);
  const byPath = new Map(files.map((fileDiff) => [fileDiff.name, fileDiff]));
  for (const fileDiff of files) viewFileDiffs.add(fileDiff);
  // One since-diff per state now and a handful of pairs: the oldest go first.
  if (parsedPatches.size >= 8) parsedPatches.delete(parsedPatches.keys().next().value!);
  parsedPatches.set(key, byPath);
  return byPath;
}

/** Another view's diff: its old side is a recorded state, which the file endpoint does not serve (no "more context"). */
export function isViewFileDiff(fileDiff: FileDiffMetadata): boolean {
  return viewFileDiffs.has(fileDiff);
}

/** The review's file showing `fileDiff`, the same object for the same pair. */
export function fileShowing(file: ReviewFile, fileDiff: FileDiffMetadata): ReviewFile {
  let byFile = shownFiles.get(fileDiff);
  if (!byFile) shownFiles.set(fileDiff, (byFile = new WeakMap()));
  let shown = byFile.get(file);
  if (!shown) byFile.set(file, (shown = { ...file, fileDiff }));
  return shown;
}

const unchangedDiffs = new Map<string, FileDiffMetadata>();

/** A file the pair did not change: no lines, said by its notices (one object per pair and path). */
export function unchangedDiff(file: ReviewFile, key: string): FileDiffMetadata {
  const id = `${key}\0${file.path}`;
  const known = unchangedDiffs.get(id);
  if (known) return known;
  const fileDiff = emptyDiff(file.facts, `round-${key}`);
  viewFileDiffs.add(fileDiff);
  unchangedDiffs.set(id, fileDiff);
  return fileDiff;
}
