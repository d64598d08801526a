/**
 * Asks the server every few seconds whether the repository still matches the
 * diff on screen, only while the tab is visible. When it does not, the
 * "Diff out of date" chip appears; refreshing stays the reviewer's choice.
 */
import type { ReviewApi } from '../api/apiClient.js';
import type { ReviewStore } from '../app/reviewStore.js';

export const FRESHNESS_INTERVAL_MS = 3_000;

export function startFreshnessPolling(store: ReviewStore, api: ReviewApi, intervalMs = FRESHNESS_INTERVAL_MS): () => void {
  let busy = false;

  async function poll() {
    const s = store.getState();
    if (busy || document.visibilityState !== 'visible' || s.phase !== 'ready' || s.reloading || s.stale || !s.review) return;
    busy = true;
    const asked = s.review.fingerprint;
    try {
      const answer = await api.getFreshness(asked);
      const now = store.getState();
      // Ignore an answer about a diff that was replaced meanwhile.
      if (now.review?.fingerprint === asked && !now.reloading) now.setStale(!answer.fresh);
    } catch {
      // The server may be gone (the review ended elsewhere): keep quiet.
    } finally {
      busy = false;
    }
  }

  const timer = setInterval(() => void poll(), intervalMs);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void poll();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
