/**
 * Autosaves the reviewer's work (annotations, viewed marks, verdict,
 * summary) through PUT /api/draft, keyed by the diff fingerprint.
 *
 * Debounced, never more than `maxWaitMs` behind the last change (500 ms):
 * killing the browser and the server mid-review loses at most that. Saves
 * never overlap; a change during a save is saved right after it. When the
 * page is hidden or closed, what is pending goes out at once (keepalive).
 */
import type { DraftData } from '@redline/core';
import type { ReviewApi } from '../api/apiClient.js';
import type { ReviewStore, ReviewStoreState } from '../app/reviewStore.js';

export interface AutosaveOptions {
  /** Quiet time before saving. */
  delayMs?: number;
  /** The longest a change waits, however busy the reviewer is. */
  maxWaitMs?: number;
  now?: () => Date;
}

function draftFromState(s: ReviewStoreState, now: Date): DraftData | null {
  if (!s.review) return null;
  return {
    version: 1,
    fingerprint: s.review.fingerprint,
    annotations: s.annotations,
    viewed: s.viewed,
    verdict: s.verdict,
    summary: s.summary,
    updatedAt: now.toISOString(),
  };
}

const saved = (s: ReviewStoreState) => [s.annotations, s.viewed, s.verdict, s.summary, s.review?.fingerprint] as const;

export function startDraftAutosave(store: ReviewStore, api: ReviewApi, options: AutosaveOptions = {}): { flush(keepalive?: boolean): Promise<void>; stop(): void } {
  const delayMs = options.delayMs ?? 200;
  const maxWaitMs = options.maxWaitMs ?? 500;
  const now = options.now ?? (() => new Date());
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstPendingAt: number | null = null;
  let inFlight: Promise<void> | null = null;
  let dirty = false;

  const active = () => store.getState().phase === 'ready';

  async function save(keepalive = false): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    firstPendingAt = null;
    if (inFlight) {
      dirty = true;
      return inFlight;
    }
    const draft = draftFromState(store.getState(), now());
    if (!draft || !active()) return;
    dirty = false;
    inFlight = api
      .putDraft(draft, { keepalive })
      .then(
        () => store.getState().setDraftStatus(dirty ? 'pending' : 'saved'),
        () => store.getState().setDraftStatus('failed'),
      )
      .finally(() => {
        inFlight = null;
        if (dirty) void save();
      });
    return inFlight;
  }

  function schedule() {
    const at = Date.now();
    firstPendingAt ??= at;
    store.getState().setDraftStatus('pending');
    if (timer) clearTimeout(timer);
    const wait = Math.max(0, Math.min(delayMs, firstPendingAt + maxWaitMs - at));
    timer = setTimeout(() => void save(), wait);
  }

  const unsubscribe = store.subscribe((s, prev) => {
    // Loading installs restored state: that is not a change to save.
    if (prev.phase !== 'ready' || s.phase !== 'ready') return;
    const a = saved(s);
    const b = saved(prev);
    if (a.some((value, i) => value !== b[i])) schedule();
  });

  const onHide = () => {
    if (document.visibilityState === 'hidden' && firstPendingAt !== null) void save(true);
  };
  const onPageHide = () => {
    if (firstPendingAt !== null) void save(true);
  };
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onPageHide);

  return {
    flush: (keepalive = false) => (firstPendingAt !== null || dirty ? save(keepalive) : (inFlight ?? Promise.resolve())),
    stop() {
      unsubscribe();
      if (timer) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
    },
  };
}
