/**
 * The check's effects: start it (POST /api/check, the draft saved first by
 * the page's API wrapper, mountReviewApp.tsx), poll it every 300 ms while it
 * runs (GET /api/check from the offset the page has), cancel it (DELETE,
 * answered once its process group has ended and its copy is gone), and read
 * it once when the review is ready (a run still going after a reload is
 * picked up). Polling stops when the review ends.
 */
import { errorMessage, type CheckData } from '@redline/core';
import type { ReviewApi } from '../api/apiClient.js';
import type { ReviewStore } from '../app/reviewStore.js';

export const CHECK_POLL_MS = 300;

export interface CheckService {
  /** Starts a check; `command`: the offered command the reviewer confirms. */
  startCheck(command?: string): Promise<void>;
  cancelCheck(): Promise<void>;
  /** Reads the check's state (and polls on while a run is going). */
  readCheck(): Promise<void>;
}

export function createCheckService(store: ReviewStore, api: ReviewApi, pollMs = CHECK_POLL_MS): CheckService {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const ended = () => store.getState().phase === 'sent' || store.getState().phase === 'closed';

  const schedule = () => {
    if (timer !== null || ended()) return;
    const run = store.getState().check?.run;
    if (run?.state.kind !== 'running') return;
    timer = setTimeout(() => {
      timer = null;
      void poll();
    }, pollMs);
  };

  const take = async (request: Promise<CheckData>) => {
    try {
      store.getState().takeCheck(await request);
      store.getState().setCheckError(null);
    } catch (error) {
      store.getState().setCheckError(errorMessage(error));
    }
    schedule();
  };

  const poll = () => take(api.getCheck(store.getState().checkOutputAt?.next ?? 0));

  return {
    async startCheck(command) {
      store.getState().setCheckPanelOpen(true);
      await take(api.startCheck(command === undefined ? {} : { command }));
    },
    cancelCheck: () => take(api.cancelCheck()),
    readCheck: poll,
  };
}
