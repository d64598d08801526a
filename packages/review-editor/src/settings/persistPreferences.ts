/**
 * Keeps the reviewer's preferences (settings, layout, and the last valid
 * name typed in the Send dialog) in their file: the whole Preferences goes
 * with PUT /api/preferences whenever one of them changes, debounced
 * (`delayMs`, 300 ms: dragging the sidebar's edge is one write), and at once
 * with keepalive when the page is about to go (`beforeunload`: before a
 * reload's own request, which the server answers once the write is done,
 * PreferencesStore.read) or is hidden. A failed save says so in a toast; the
 * page keeps working with what is on screen.
 */
import { errorMessage, type Preferences } from '@redline/core';
import type { ReviewApi } from '../api/apiClient.js';
import type { ReviewStore, ReviewStoreState } from '../app/reviewStore.js';

export interface PreferencesPersister {
  /** Sends what is pending now (keepalive: the request may outlive the page). */
  flush(keepalive?: boolean): Promise<void>;
  stop(): void;
}

export interface PersistOptions {
  delayMs?: number;
  /** Where `beforeunload` and `pagehide` are listened for. */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** The name to remember: the trimmed valid one, '' for none; an invalid one keeps the last. */
function rememberedName(s: ReviewStoreState, last: string): string {
  if (s.reviewerCheck.kind === 'valid') return s.reviewerCheck.reviewer;
  return s.reviewerCheck.kind === 'empty' ? '' : last;
}

const LEAVING = ['beforeunload', 'pagehide'] as const;

export function persistPreferences(store: ReviewStore, api: ReviewApi, options: PersistOptions = {}): PreferencesPersister {
  const delayMs = options.delayMs ?? 300;
  const target = options.target ?? window;
  let reviewer = rememberedName(store.getState(), '');
  const current = (): Preferences => ({ settings: store.getState().settings, layout: store.getState().layout, reviewer });
  let saved = JSON.stringify(current());
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function flush(keepalive = false): Promise<void> {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const preferences = current();
    const text = JSON.stringify(preferences);
    if (text === saved) return;
    saved = text;
    try {
      await api.putPreferences(preferences, { keepalive });
    } catch (error) {
      if (!keepalive) store.getState().pushToast({ message: `Your settings could not be saved: ${errorMessage(error)}` });
    }
  }

  const unsubscribe = store.subscribe((s, prev) => {
    if (s.settings === prev.settings && s.layout === prev.layout && s.reviewer === prev.reviewer) return;
    reviewer = rememberedName(s, reviewer);
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => void flush(), delayMs);
  });
  const onHide = () => void flush(true);
  for (const event of LEAVING) target.addEventListener(event, onHide);
  return {
    flush,
    stop() {
      unsubscribe();
      for (const event of LEAVING) target.removeEventListener(event, onHide);
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
