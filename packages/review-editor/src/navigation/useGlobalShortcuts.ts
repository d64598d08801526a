import { useEffect } from 'react';
import { shortcutFor, type ShortcutAction } from './shortcuts.js';
import type { ReviewController } from '../app/reviewController.js';
import { stepTour } from '../tour/tourWalk.js';
import { openInEditorAtCursor } from '../openInEditor/openInEditor.js';
import { LINE_MENU_EVENT } from '../diff/LineMenu.js';
import { isReturnedFocus } from '../ui/returnedFocus.js';
import { holdKeysForSearch } from '../search/searchTypeAhead.js';
import { focusDiff, focusOnPageControl } from './focusDiff.js';

type Run = (controller: ReviewController) => void;

/** What each shortcut does: keyed by the action union, so a new shortcut breaks the build until it does something. */
const RUN: Record<ShortcutAction, Run> = {
  nextFile: (c) => c.stepFile(1),
  previousFile: (c) => c.stepFile(-1),
  lineDown: (c) => c.moveLine(1, false),
  lineUp: (c) => c.moveLine(-1, false),
  extendDown: (c) => c.moveLine(1, true),
  extendUp: (c) => c.moveLine(-1, true),
  oldSide: (c) => c.switchSide('old'),
  newSide: (c) => c.switchSide('new'),
  nextHunk: (c) => c.stepHunk(1),
  previousHunk: (c) => c.stepHunk(-1),
  nextAnnotation: (c) => c.stepAnnotation(1),
  previousAnnotation: (c) => c.stepAnnotation(-1),
  comment: (c) => void c.commentOnLines(),
  suggest: (c) => void c.suggestOnLines(),
  leaveLines: (c) => c.leaveLines(),
  toggleViewed: (c) => c.toggleViewedCurrent(),
  openInEditor: (c) => openInEditorAtCursor(c),
  lineMenu: () => window.dispatchEvent(new Event(LINE_MENU_EVENT)),
  viewedAndNext: (c) => c.markViewedAndNext(),
  foldAll: (c) => c.store.getState().toggleAllCollapsed(),
  search(c) {
    holdKeysForSearch();
    c.store.getState().openSearch();
  },
  toggleSidebar: (c) => c.store.getState().toggleSidebar(),
  sendFeedback: (c) => c.store.getState().openDialog('feedback'),
  nextTourStep: (c) => stepTour(c, 1),
  previousTourStep: (c) => stepTour(c, -1),
  help: (c) => c.store.getState().openDialog('shortcuts'),
};

/** The line cursor's keys: pressed with focus on a button, they send the keys after them to the diff (focusDiff.ts). */
const CURSOR_ACTIONS = new Set<ShortcutAction>(['lineDown', 'lineUp', 'extendDown', 'extendUp', 'oldSide', 'newSide', 'nextHunk', 'previousHunk']);

/** Keys a button answers by being pressed. */
const PRESS_KEYS = new Set([' ', 'Enter']);

/** Dispatches the page's keyboard shortcuts (see shortcuts.ts). */
export function useGlobalShortcuts(controller: ReviewController): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const s = controller.store.getState();
      if (s.phase !== 'ready' || s.dialog !== null) return;
      const action = shortcutFor(event, s.lineCursor !== null);
      // Space or Enter on the button a closed dialog gave focus back to: as on a fresh page, never the dialog again.
      if (PRESS_KEYS.has(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey && isReturnedFocus(event)) {
        event.preventDefault();
        focusDiff();
      }
      if (!action) return;
      event.preventDefault();
      if (CURSOR_ACTIONS.has(action) && focusOnPageControl()) focusDiff();
      RUN[action](controller);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [controller]);
}
