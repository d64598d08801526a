/**
 * The server-rendered first screen of the diff (apps/cli/src/server/
 * firstScreen.ts) covers the page until the app's own diff view has painted;
 * this takes it away. Safe to call any number of times, and on a page
 * without one (tests, the dev server).
 */
import { FIRST_SCREEN_ID } from '@redline/core';

export function dismissFirstScreen(doc: Document = document): void {
  const element = doc.getElementById(FIRST_SCREEN_ID);
  if (!element) return;
  element.remove();
  performance.mark?.('redline:first-screen-replaced');
}
