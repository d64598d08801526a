/**
 * Autosaves the reviewer's work (annotations, viewed marks, verdict,
 * summary, and the comment or suggestion being written, or the last one
 * closed unsent) through PUT /api/draft, keyed by the diff fingerprint.
 *
 * Debounced, never more than `maxWaitMs` behind the last change (500 ms):
 * killing the browser and the server mid-review loses at most that. Saves
 * never overlap; a change during a save is saved right after it. When the
 * page is hidden or closed, what is pending goes out at once (keepalive).
 */
import type { DraftData } from '@redline/core';
import { composerToUnsent } from '../composer/unsentComposer.js';
import { isServerGone } from '../reviewLoading/serverGone.js';
import { ApiRequestError, type ReviewApi } from '../api/apiClient.js';
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
    version: 2,
    fingerprint: s.review.fingerprint,
    annotations: s.annotations,
    viewed: s.viewed,
    verdict: s.verdict,
    summary: s.summary,
    composer: unsentOf(s),
    ...(s.fixSets.length > 0 ? { fixSets: s.fixSets } : {}),
    updatedAt: now.toISOString(),
  };
}

/** The open form, else the last one closed with work in it. */
function unsentOf(s: ReviewStoreState): DraftData['composer'] {
  const c = s.composer ?? s.keptComposer;
  return c ? composerToUnsent(c) : null;
}

const saved = (s: ReviewStoreState) => [s.annotations, s.fixSets, s.viewed, s.verdict, s.summary, s.composer, s.keptComposer, s.review?.fingerprint] as const;

export interface DraftAutosave {
  /** Saves what is pending now (keepalive: the request may outlive the page). */
  flush(keepalive?: boolean): Promise<void>;
  stop(): void;
}

/** One autosave's timing state: the debounce timer, the oldest unsaved change, the save on the wire. */
interface Saver {
  store: ReviewStore;
  api: ReviewApi;
  delayMs: number;
  maxWaitMs: number;
  now: () => Date;
  timer: ReturnType<typeof setTimeout> | null;
  firstPendingAt: number | null;
  inFlight: Promise<void> | null;
  /** The `updatedAt` of the draft on the wire. */
  inFlightAt: string | null;
  /** A change arrived while a save was on the wire: save again after it. */
  dirty: boolean;
}

export function startDraftAutosave(store: ReviewStore, api: ReviewApi, options: AutosaveOptions = {}): DraftAutosave {
  const saver: Saver = {
    store,
    api,
    delayMs: options.delayMs ?? 200,
    maxWaitMs: options.maxWaitMs ?? 500,
    now: options.now ?? (() => new Date()),
    timer: null,
    firstPendingAt: null,
    inFlight: null,
    inFlightAt: null,
    dirty: false,
  };
  const unsubscribe = store.subscribe((s, prev) => {
    // Loading installs restored state: that is not a change to save.
    if (prev.phase !== 'ready' || s.phase !== 'ready') return;
    const a = saved(s);
    const b = saved(prev);
    if (a.some((value, i) => value !== b[i])) schedule(saver);
  });
  const stopFlushOnHide = flushWhenHidden(saver);
  return {
    flush: (keepalive = false) => (saver.firstPendingAt !== null || saver.dirty ? save(saver, keepalive) : (saver.inFlight ?? Promise.resolve())),
    stop() {
      unsubscribe();
      if (saver.timer) clearTimeout(saver.timer);
      stopFlushOnHide();
    },
  };
}

async function save(saver: Saver, keepalive = false): Promise<void> {
  if (saver.timer) clearTimeout(saver.timer);
  saver.timer = null;
  saver.firstPendingAt = null;
  if (saver.inFlight) {
    saver.dirty = true;
    if (keepalive) sendBehindInFlight(saver);
    return saver.inFlight;
  }
  const draft = draftToSave(saver);
  if (!draft) return;
  saver.dirty = false;
  saver.inFlightAt = draft.updatedAt;
  saver.inFlight = saver.api
    .putDraft(draft, { keepalive })
    .then(
      () => {
        saver.store.getState().setDraftStatus(saver.dirty ? 'pending' : 'saved');
        saver.store.getState().setServerGone(false);
      },
      (error: unknown) => {
        if (error instanceof ApiRequestError && error.code === 'draft-conflict') return stopOnConflict(saver);
        saver.store.getState().setDraftStatus('failed');
        if (isServerGone(error)) saver.store.getState().setServerGone(true);
      },
    )
    .finally(() => {
      saver.inFlight = null;
      saver.inFlightAt = null;
      if (saver.dirty) void save(saver);
    });
  return saver.inFlight;
}

function draftToSave(saver: Saver): DraftData | null {
  const state = saver.store.getState();
  if (state.phase !== 'ready' || state.draftStatus === 'conflict') return null;
  return draftFromState(state, saver.now());
}

/**
 * The page is going away while a save is on the wire: waiting for it would
 * lose what was typed since (e2e reviewerDay: the last words of a comment
 * were gone after a reload), so the latest draft goes out now, built on the
 * one on the wire (the server takes saves of one draft in turn). Should the
 * page stay after all, the save after the one on the wire repeats it, so a
 * refusal here is not reported.
 */
function sendBehindInFlight(saver: Saver): void {
  const draft = draftToSave(saver);
  if (!draft || saver.inFlightAt === null) return;
  saver.api.putDraft(draft, { keepalive: true, base: saver.inFlightAt }).catch(() => {});
}

/**
 * Another tab of this review saved since this one loaded the draft (the
 * server refused the save, 409): this tab stops saving and says so, rather
 * than overwrite that tab's work or lose its own silently.
 */
function stopOnConflict(saver: Saver): void {
  const state = saver.store.getState();
  state.setDraftStatus('conflict');
  state.showToast('This review was saved from another tab, so this tab no longer saves its changes. Reload it to continue from that tab\'s draft.');
}

function schedule(saver: Saver) {
  if (saver.store.getState().draftStatus === 'conflict') return;
  const at = Date.now();
  saver.firstPendingAt ??= at;
  saver.store.getState().setDraftStatus('pending');
  if (saver.timer) clearTimeout(saver.timer);
  const wait = Math.max(0, Math.min(saver.delayMs, saver.firstPendingAt + saver.maxWaitMs - at));
  saver.timer = setTimeout(() => void save(saver), wait);
}

/** When the page is hidden or closed, what is pending goes out at once (keepalive); returns the remover. */
function flushWhenHidden(saver: Saver): () => void {
  const onHide = () => {
    if (document.visibilityState === 'hidden' && saver.firstPendingAt !== null) void save(saver, true);
  };
  const onPageHide = () => {
    if (saver.firstPendingAt !== null) void save(saver, true);
  };
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', onPageHide);
  };
}
