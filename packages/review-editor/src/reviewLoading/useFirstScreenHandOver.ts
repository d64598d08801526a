/**
 * When the server's first screen goes if the diff view does not take it
 * away by painting (diff/DiffView.tsx calls handOverFirstScreen then): on an
 * end screen, on a review with no file, or after FIRST_SCREEN_MAX_MS.
 */
import { useEffect } from 'react';
import { dismissFirstScreen, handOverFirstScreen, type FirstScreenTaker } from './firstScreen.js';
import type { Phase } from './reviewSlice.js';

/**
 * How long the server's first screen may stay once the review is in the
 * store, if the diff view never paints (a highlighter that does not start):
 * the page under it is the one that works.
 */
const FIRST_SCREEN_MAX_MS = 5_000;

/** Failed, sent or closed: the end screen replaces the first screen at once. */
export function useDismissFirstScreenOnEnd(phase: Phase): void {
  useEffect(() => {
    if (phase === 'failed' || phase === 'sent' || phase === 'closed') dismissFirstScreen();
  }, [phase]);
}

/** On the review page: at once with no file (the diff view never paints), else after FIRST_SCREEN_MAX_MS at the latest. */
export function useFirstScreenDeadline(app: FirstScreenTaker, fileCount: number): void {
  useEffect(() => {
    if (fileCount === 0) {
      handOverFirstScreen(app);
      return;
    }
    const timer = setTimeout(() => handOverFirstScreen(app), FIRST_SCREEN_MAX_MS);
    return () => clearTimeout(timer);
  }, [app, fileCount]);
}
