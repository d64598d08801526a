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
 * The added files a deleted one can be paired with, the likeliest first: the
 * same name without its extension (`a.js` → `a.ts`), then the same folder,
 * then the rest, each in the review's order.
 */
export function pairCandidates(files: readonly ReviewFile[], deleted: ReviewFile): ReviewFile[] {
  const added = files.filter((file) => file.facts.status === 'added' && !file.facts.binary);
  const rank = (file: ReviewFile) => (stem(file.path) === stem(deleted.path) ? 0 : folder(file.path) === folder(deleted.path) ? 1 : 2);
  return added.map((file, i) => ({ file, i, rank: rank(file) })).sort((a, b) => a.rank - b.rank || a.i - b.i).map((c) => c.file);
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
