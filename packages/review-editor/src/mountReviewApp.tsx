/**
 * Starts the review page: the store (from the preferences the server put
 * into the page), the highlighter
 * pool (before React: the first diff waits for it), the API client, the
 * controller, autosave, the guard on unsent text and freshness polling, then React. The review is read
 * and parsed at once but put in the store once the pool has started (at most
 * 0.4 s later): the app's first full render then no longer holds the pool's
 * own start-up back.
 */
import { createRoot } from 'react-dom/client';
import { createApiClient, type ReviewApi } from './api/apiClient.js';
import { ReviewApp } from './app/ReviewApp.js';
import { startHighlighterPool, whenHighlighterReady } from './diff/highlighterPool.js';
import { startDraftAutosave } from './drafts/draftAutosave.js';
import { guardUnsentText } from './drafts/guardUnsentText.js';
import { startFreshnessPolling } from './reviewLoading/freshnessPoller.js';
import { startProposalPolling } from './proposals/proposalsService.js';
import { startFollowingLive } from './followLive/followLive.js';
import { createReviewController, type ReviewController } from './app/reviewController.js';
import { readInjectedPreferences } from './settings/injectedPreferences.js';
import { persistPreferences } from './settings/persistPreferences.js';
import { createReviewStore } from './app/reviewStore.js';
import { installRoundView, startRoundView } from './threads/roundView.js';
import { startUnfoldingWaiting } from './annotations/waitingItems.js';
import { startCommits } from './commits/rangeCommits.js';
import { startFileAddress } from './navigation/fileAddress.js';
import './styles/app.css';
import './styles/firstScreen.css';

export function mountReviewApp(element: HTMLElement, options: { api?: ReviewApi } = {}): ReviewController {
  const preferences = readInjectedPreferences();
  const store = createReviewStore(preferences.settings, preferences.layout);
  store.getState().setReviewer(preferences.reviewer);
  const pool = startHighlighterPool(store.getState().settings.editSuggestions);
  const server = options.api ?? createApiClient();
  const persister = persistPreferences(store, server);
  // A name typed just before Send or Close is saved before the review (and its server) ends.
  const api: ReviewApi = {
    ...server,
    sendFeedback: async (submission) => (await persister.flush(), server.sendFeedback(submission)),
    closeReview: async () => (await persister.flush(), server.closeReview()),
    // A check runs with the draft's suggestions: what the reviewer has done so far is saved first.
    startCheck: async (body) => (await autosave.flush(), server.startCheck(body)),
  };
  const controller = createReviewController(store, api);

  const autosave = startDraftAutosave(store, api);
  const stopGuard = guardUnsentText(store);
  const stopPolling = startFreshnessPolling(store, api);
  const stopProposals = startProposalPolling(store, api);
  const stopFollowing = startFollowingLive(controller);
  startFileAddress(store, controller);
  const unsubscribe = store.subscribe((s) => {
    if (s.phase === 'sent' || s.phase === 'closed') {
      autosave.stop();
      stopGuard();
      stopPolling();
      stopProposals();
      stopFollowing();
      unsubscribe();
    }
  });

  // Before the load: the round view is chosen in the update that puts the review in (no whole-change frame first).
  installRoundView(store);
  startUnfoldingWaiting(store);
  createRoot(element).render(<ReviewApp controller={controller} />);
  void controller.load(whenHighlighterReady(pool, 400)).then(() => Promise.all([startRoundView(store, api), startCommits(store, api), controller.readCheck()]));
  return controller;
}
