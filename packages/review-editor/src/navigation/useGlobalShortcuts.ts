import { useEffect } from 'react';
import { shortcutFor, type ShortcutAction } from './shortcuts.js';
import type { ReviewController } from '../app/reviewController.js';
import { stepTour } from '../tour/tourWalk.js';
import { openInEditorAtCursor } from '../openInEditor/openInEditor.js';

type Run = (controller: ReviewController) => void;

/** What each shortcut does: keyed by the action union, so a new shortcut breaks the build until it does something. */
const RUN: Record<ShortcutAction, Run> = {
  nextFile: (c) => c.stepFile(1),
  previousFile: (c) => c.stepFile(-1),
  lineDown: (c) => c.moveLine(1, false),
  lineUp: (c) => c.moveLine(-1, false),
  extendDown: (c) => c.moveLine(1, true),
  extendUp: (c) => c.moveLine(-1, true),
  nextHunk: (c) => c.stepHunk(1),
  previousHunk: (c) => c.stepHunk(-1),
  nextAnnotation: (c) => c.stepAnnotation(1),
  previousAnnotation: (c) => c.stepAnnotation(-1),
  comment: (c) => void c.commentOnLines(),
  suggest: (c) => void c.suggestOnLines(),
  leaveLines: (c) => c.leaveLines(),
  toggleViewed: (c) => c.toggleViewedCurrent(),
  openInEditor: (c) => openInEditorAtCursor(c),
  viewedAndNext: (c) => c.markViewedAndNext(),
  foldAll: (c) => c.store.getState().toggleAllCollapsed(),
  search: (c) => c.store.getState().openSearch(),
  toggleSidebar: (c) => c.store.getState().toggleSidebar(),
  sendFeedback: (c) => c.store.getState().openDialog('feedback'),
  nextTourStep: (c) => stepTour(c, 1),
  previousTourStep: (c) => stepTour(c, -1),
  help: (c) => c.store.getState().openDialog('shortcuts'),
};

/** Dispatches the page's keyboard shortcuts (see shortcuts.ts). */
export function useGlobalShortcuts(controller: ReviewController): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const s = controller.store.getState();
      if (s.phase !== 'ready' || s.dialog !== null) return;
      const action = shortcutFor(event, s.lineCursor !== null);
      if (!action) return;
      event.preventDefault();
      RUN[action](controller);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [controller]);
}
