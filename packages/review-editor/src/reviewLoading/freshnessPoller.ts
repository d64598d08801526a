/**
 * Asks the server every few seconds whether the repository still matches the
 * diff on screen, only while the tab is visible. When it does not, the
 * "Diff out of date" chip appears; refreshing stays the reviewer's choice
 * (unless the page follows the agent live: followLive.ts).
 *
 * The first check is made as soon as the diff is live (the server's first
 * screen gone), not 3 s later: the link's first answer is the reading that
 * first screen was drawn from, which may be up to 10 s old
 * (apps/cli/src/server/reviewPage.ts, FIRST_SCREEN_RECENT_MS).
 *
 * When the server does not answer at all it is taken to be gone (the banner
 * says so) and the polls back off: each wait twice the last, up to a minute,
 * back to every 3 s at the first answer.
 */
import type { ReviewApi } from '../api/apiClient.js';
import type { ReviewStore } from '../app/reviewStore.js';
import { isServerGone } from './serverGone.js';
import { isFollowingLive } from '../followLive/followLive.js';
import { afterFirstScreen } from './firstScreen.js';

export const FRESHNESS_INTERVAL_MS = 3_000;
export const FRESHNESS_MAX_INTERVAL_MS = 60_000;

/** The wait before the next poll after `failures` unanswered ones in a row. */
export function pollDelay(failures: number, intervalMs = FRESHNESS_INTERVAL_MS): number {
  return Math.min(intervalMs * 2 ** failures, Math.max(intervalMs, FRESHNESS_MAX_INTERVAL_MS));
}

export function startFreshnessPolling(store: ReviewStore, api: ReviewApi, intervalMs = FRESHNESS_INTERVAL_MS): () => void {
  let busy = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  async function poll() {
    const s = store.getState();
    // While the page follows the agent live, its own waits on the server ask instead (followLive.ts).
    if (busy || document.visibilityState !== 'visible' || s.phase !== 'ready' || s.reloading || s.stale || !s.review || isFollowingLive(s)) return;
    busy = true;
    const asked = s.review.fingerprint;
    try {
      const answer = await api.getFreshness(asked);
      failures = 0;
      const now = store.getState();
      now.setServerGone(false);
      // Ignore an answer about a diff that was replaced meanwhile.
      if (now.review?.fingerprint === asked && !now.reloading) now.setStale(!answer.fresh);
    } catch (error) {
      // An HTTP error is an answer (the review may have ended elsewhere): keep quiet.
      if (isServerGone(error)) {
        failures++;
        store.getState().setServerGone(true);
      }
    } finally {
      busy = false;
    }
  }

  const next = () => {
    if (!stopped) timer = setTimeout(() => void poll().finally(next), pollDelay(failures, intervalMs));
  };
  // Without a first screen (a reload: its answer was checked) this asks at once, while the review loads, and so waits the interval.
  const cancelFirst = afterFirstScreen(() => void poll().finally(next), intervalMs);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void poll();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    stopped = true;
    cancelFirst();
    if (timer) clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
