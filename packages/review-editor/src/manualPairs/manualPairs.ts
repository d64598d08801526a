/**
 * Pairing a deleted file with an added one by hand ("compare this deleted
 * file with that added one", docs/cli.md): the page sends the reviewer's
 * whole list of pairs (PUT /api/manual-pairs) and reads the diff again
 * (Refresh: the comments are carried over by content), where the server
 * shows each pair as one renamed file (apps/cli/src/review/applyManualPairs.ts).
 * The list is read back from the diff itself: the files marked
 * `pairedByReviewer`. Unpairing sends the list without the pair.
 */
import { errorMessage, type ManualPair } from '@redline/core';
import type { ReviewController } from '../app/reviewController.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';

/** The pairs the diff shows now. */
export function pairsShown(files: readonly ReviewFile[]): ManualPair[] {
  return files.flatMap((file) => (file.facts.status === 'renamed' && file.facts.pairedByReviewer ? [{ from: file.facts.oldPath, to: file.path }] : []));
}

/**
 * The added files a deleted one can be paired with, the likeliest first, by
 * a score: how many lines their texts share (lineLikeness, 0 to 1), plus 1
 * for the same name without its extension (`a.js` → `a.ts`) and 0.25 for
 * the same folder; ties in the review's order. So a file moved to another
 * folder under another name with its text comes before an unrelated
 * neighbour. The texts are the diff's own lines (a deleted file's are all
 * deletions, an added file's all additions): nothing is fetched.
 */
export function pairCandidates(files: readonly ReviewFile[], deleted: ReviewFile): ReviewFile[] {
  const added = files.filter(isPairable);
  const lines = lineSet(deleted.fileDiff.deletionLines);
  const score = (file: ReviewFile) =>
    lineLikeness(lines, addedLineSet(file)) + (stem(file.path) === stem(deleted.path) ? 1 : 0) + (folder(file.path) === folder(deleted.path) ? 0.25 : 0);
  return added.map((file, i) => ({ file, i, score: score(file) })).sort((a, b) => b.score - a.score || a.i - b.i).map((c) => c.file);
}

const isPairable = (file: ReviewFile) => file.facts.status === 'added' && !file.facts.binary;
const pairableByFiles = new WeakMap<readonly ReviewFile[], boolean>();

/** Whether a deleted file has anything to be paired with (an added text file): cheap, so a header can ask as it is drawn. */
export function hasPairCandidates(files: readonly ReviewFile[]): boolean {
  let known = pairableByFiles.get(files);
  if (known === undefined) pairableByFiles.set(files, (known = files.some(isPairable)));
  return known;
}

/** An added file's line set, made once per file (the files of a reading are replaced, never changed). */
const addedLines = new WeakMap<ReviewFile, ReadonlySet<string>>();
function addedLineSet(file: ReviewFile): ReadonlySet<string> {
  let lines = addedLines.get(file);
  if (!lines) addedLines.set(file, (lines = lineSet(file.fileDiff.additionLines)));
  return lines;
}

/** How much of a text the likeness reads: its first lines up to this many characters, so a big file costs no more. */
export const LIKENESS_CHARS = 64 * 1024;

/** A text's distinct lines, trimmed, blank ones left out, from its first LIKENESS_CHARS characters. */
export function lineSet(lines: readonly string[]): ReadonlySet<string> {
  const out = new Set<string>();
  let read = 0;
  for (const line of lines) {
    if (read >= LIKENESS_CHARS) break;
    read += line.length + 1;
    const trimmed = line.trim();
    if (trimmed !== '') out.add(trimmed);
  }
  return out;
}

/** The lines two texts share, as a share of both (Dice's coefficient over their line sets): 1 for the same lines, 0 for none or an empty text. */
export function lineLikeness(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const line of small) if (large.has(line)) shared++;
  return (2 * shared) / (a.size + b.size);
}

const folder = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const stem = (path: string) => {
  const name = baseName(path);
  const dot = name.indexOf('.', 1);
  return dot === -1 ? name : name.slice(0, dot);
};

export function pairFiles(controller: ReviewController, from: string, to: string): Promise<void> {
  const pairs = pairsShown(controller.store.getState().files);
  return sendPairs(controller, [...pairs, { from, to }], `Paired ${from} with ${to}`);
}

export function unpairFile(controller: ReviewController, path: string): Promise<void> {
  const pairs = pairsShown(controller.store.getState().files);
  return sendPairs(controller, pairs.filter((pair) => pair.to !== path), `Unpaired ${path}`);
}

async function sendPairs(controller: ReviewController, pairs: ManualPair[], done: string): Promise<void> {
  try {
    await controller.api.putManualPairs(pairs);
  } catch (error) {
    controller.store.getState().showToast(`Could not pair the files: ${errorMessage(error)}`);
    return;
  }
  await controller.refresh();
  controller.store.getState().showToast(done);
}
