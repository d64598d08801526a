/**
 * Follow the agent live: while the agent edits, the diff updates itself.
 * The page asks the server to answer when the working tree changes
 * (GET /api/freshness with `wait`: the server watches it), and when the diff
 * moved it runs Refresh (annotations carried over by content, the composer's
 * text, the scroll position and the line cursor kept as Refresh keeps them)
 * and says what changed: "2 files changed by the agent". An edit session
 * open in the page is never refreshed under the reviewer: the "Diff out of
 * date" chip waits for them instead. On by default for a review an agent
 * started (`redline start`: the agent reads questions), a setting otherwise.
 */
import type { ReviewStoreState } from '../app/reviewStore.js';
import type { ReviewController } from '../app/reviewController.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import { isServerGone } from '../reviewLoading/serverGone.js';
import { extensionIn } from '../diff/extensionSlots.js';

/** How long one wait may last on the server (it answers at once when the tree changes). */
export const FOLLOW_WAIT_SECONDS = 20;

/** Whether the page follows the working tree now: the setting, the review's kind (only a working-tree diff can move). */
export function isFollowingLive(s: ReviewStoreState): boolean {
  if (!s.review || s.review.patchOnly) return false;
  const setting = s.settings.followLive;
  return setting === 'on' || (setting === 'agent' && s.asking.kind === 'live');
}

/** How many files the re-read changed: added, gone, or with another patch. */
export function changedFileCount(before: readonly ReviewFile[], after: readonly ReviewFile[]): number {
  const old = new Map(before.map((f) => [f.path, f.patchSection]));
  let changed = 0;
  for (const file of after) if (old.get(file.path) !== file.patchSection) changed++;
  const now = new Set(after.map((f) => f.path));
  for (const path of old.keys()) if (!now.has(path)) changed++;
  return changed;
}

export function changedFilesWords(count: number): string {
  return count === 1 ? '1 file changed by the agent' : `${count} files changed by the agent`;
}

/** Whether any file of the diff is in an edit session (its banner shows from the Edit click to the session's end). */
function editSessionOpen(controller: ReviewController): boolean {
  const hooks = extensionIn('diffEdit')?.(controller);
  if (!hooks) return false;
  return controller.store.getState().files.some((file) => hooks.itemView(file)?.banner === true);
}

/** Runs until the returned stop is called: waits on the server while following, sleeps a second while not. */
export function startFollowingLive(controller: ReviewController): () => void {
  let stopped = false;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const loop = async () => {
    while (!stopped) {
      const s = controller.store.getState();
      if (!isFollowingLive(s) || s.phase !== 'ready' || s.reloading || document.visibilityState !== 'visible') {
        await pause(1000);
        continue;
      }
      if (s.stale) {
        await updateNow(controller);
        await pause(1000);
        continue;
      }
      try {
        const answer = await controller.api.getFreshness(s.review!.fingerprint, { waitSeconds: FOLLOW_WAIT_SECONDS });
        const now = controller.store.getState();
        if (now.review?.fingerprint === s.review!.fingerprint && !now.reloading) now.setStale(!answer.fresh);
      } catch (error) {
        // The freshness poller says when the server is gone; here, wait before asking again.
        await pause(isServerGone(error) ? 5000 : 1000);
      }
    }
  };
  void loop();
  return () => {
    stopped = true;
  };
}

/** The diff moved: Refresh now, unless an edit session is open (the chip then waits for the reviewer). */
async function updateNow(controller: ReviewController): Promise<void> {
  if (editSessionOpen(controller)) return;
  const before = controller.store.getState().files;
  await controller.refresh();
  const s = controller.store.getState();
  if (s.stale) return;
  const count = changedFileCount(before, s.files);
  if (count > 0) s.showToast(`${changedFilesWords(count)} · the diff is up to date`);
}
