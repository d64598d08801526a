/** The whole page: providers, then the screen for the review's phase. */
import { useEffect, useState } from 'react';
import { WorkerPoolContextProvider, useWorkerPool } from '@pierre/diffs/react';
import { DiffView } from '../diff/DiffView.js';
import { useExtension, useLazyExtensions } from '../diff/extensionSlots.js';
import { highlighterOptions as highlighterOptionsFor, POOL_OPTIONS } from '../diff/highlighterPool.js';
import { useDismissFirstScreenOnEnd, useFirstScreenDeadline } from '../reviewLoading/useFirstScreenHandOver.js';
import type { ReviewController } from './reviewController.js';
import { ClosedScreen, SentScreen } from '../feedback/EndScreens.js';
import { FailedScreen, LoadingScreen } from '../reviewLoading/LoadingScreens.js';
import { ServerGoneBanner } from '../reviewLoading/ServerGoneBanner.js';
import { ReviewContext, useController, useReview } from './reviewContext.js';
import { LineCursorAnnouncer } from '../navigation/LineCursorAnnouncer.js';
import { Sidebar, SidebarToggle } from '../navigation/Sidebar.js';
import { SidebarResizer } from '../navigation/SidebarResizer.js';
import { Toasts } from '../ui/Toasts.js';
import { afterFirstScreen, FIRST_SCREEN_MAX_WAIT_MS } from '../reviewLoading/firstScreen.js';
import { CloseReviewDialog, FeedbackDialog, LazyPanel, preloadPanels, SearchBar, SettingsDialog, ShortcutsDialog, TourBar } from './lazyPanels.js';
import { TopBar } from './TopBar.js';
import { useGlobalShortcuts } from '../navigation/useGlobalShortcuts.js';
import { useResolvedTheme } from '../settings/useResolvedTheme.js';
import { whenIdle } from '../ui/whenIdle.js';

export function ReviewApp({ controller, withWorkers = true }: { controller: ReviewController; withWorkers?: boolean }) {
  // The same options mountReviewApp started the pool with (highlighterPool.ts), for a page mounted without it.
  const [highlighterOptions] = useState(() => highlighterOptionsFor(controller.store.getState().settings.editSuggestions));
  const page = (
    <ReviewContext.Provider value={controller}>
      <Screen />
    </ReviewContext.Provider>
  );
  if (!withWorkers) return page;
  return (
    <WorkerPoolContextProvider poolOptions={POOL_OPTIONS} highlighterOptions={highlighterOptions}>
      <MarkHighlighterReady />
      {page}
    </WorkerPoolContextProvider>
  );
}

/**
 * Marks `redline:highlighter-ready` on the performance timeline when the
 * worker pool has started (CodeView paints nothing before): with
 * `redline:review-loaded`, it tells which of the two a slow first paint
 * waited for.
 */
function MarkHighlighterReady() {
  const pool = useWorkerPool();
  useEffect(() => {
    if (!pool) return;
    let marked = false;
    const check = (state: string, failed: boolean) => {
      if (marked || (state !== 'initialized' && !failed)) return;
      marked = true;
      performance.mark?.('redline:highlighter-ready');
    };
    const stats = pool.getStats();
    check(stats.managerState, stats.workersFailed);
    return pool.subscribeToStatChanges((s) => check(s.managerState, s.workersFailed));
  }, [pool]);
  return null;
}

function Screen() {
  const phase = useReview((s) => s.phase);
  const theme = useReview((s) => s.settings.theme);
  useResolvedTheme(theme);
  useDismissFirstScreenOnEnd(phase);
  switch (phase) {
    case 'loading':
      return <LoadingScreen />;
    case 'failed':
      return <FailedScreen />;
    case 'sent':
      return <SentScreen />;
    case 'closed':
      return <ClosedScreen />;
    case 'ready':
      return <ReviewPage />;
  }
}

function ReviewPage() {
  const controller = useController();
  const dialog = useReview((s) => s.dialog);
  const fileCount = useReview((s) => s.files.length);
  useGlobalShortcuts(controller);
  useFirstScreenDeadline(controller, fileCount);
  usePreloadPanels();
  useLazyExtensions();
  // Mounted while open or holding a query (closed, it renders nothing but keeps its query).
  const searchOpened = useReview((s) => s.search.open || s.search.query !== '');
  const PageExtension = useExtension('reviewPage');
  const sidebar = useReview((s) => s.layout.sidebar);
  const hasTour = useReview((s) => s.tour !== null);
  return (
    <div className="app">
      <TopBar />
      <ServerGoneBanner />
      <div className="workspace" data-sidebar={sidebar}>
        {sidebar === 'shown' ? (
          <>
            <Sidebar />
            <SidebarResizer />
          </>
        ) : null}
        <main className="diff-pane" aria-label="Diff">
          {sidebar === 'hidden' ? <SidebarToggle /> : null}
          {searchOpened ? <LazyPanel of={SearchBar} /> : null}
          {/* Focusable (not a Tab stop): a tree row opened with Enter sends the keys here, for the line cursor. */}
          <div className="diff-scroll" tabIndex={-1}>
            <DiffView />
          </div>
          {hasTour ? <LazyPanel of={TourBar} /> : null}
        </main>
      </div>
      <LineCursorAnnouncer />
      <Toasts />
      {dialog === 'feedback' ? <LazyPanel of={FeedbackDialog} /> : null}
      {dialog === 'settings' ? <LazyPanel of={SettingsDialog} /> : null}
      {dialog === 'shortcuts' ? <LazyPanel of={ShortcutsDialog} /> : null}
      {dialog === 'close' ? <LazyPanel of={CloseReviewDialog} /> : null}
      {PageExtension ? <PageExtension /> : null}
    </div>
  );
}

/** The panels' chunks, fetched when the page is first idle after mounting (after the first diff's work). */
function usePreloadPanels() {
  // Once the app's own diff is live: its chunks competed with the first diff's colours for the connections and the thread.
  useEffect(() => {
    const idle = { cancel: () => {} };
    const cancelWait = afterFirstScreen(() => {
      idle.cancel = whenIdle(preloadPanels, { timeoutMs: 5000, fallbackMs: 1000 });
    }, FIRST_SCREEN_MAX_WAIT_MS);
    return () => {
      cancelWait();
      idle.cancel();
    };
  }, []);
}
