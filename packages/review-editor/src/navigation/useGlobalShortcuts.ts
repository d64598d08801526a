import { useEffect } from 'react';
import { shortcutFor } from './shortcuts.js';
import type { ReviewController } from '../app/reviewController.js';

/** Dispatches the page's keyboard shortcuts (see shortcuts.ts). */
export function useGlobalShortcuts(controller: ReviewController): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const s = controller.store.getState();
      if (s.phase !== 'ready' || s.dialog !== null) return;
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      switch (action) {
        case 'nextFile':
          return controller.stepFile(1);
        case 'previousFile':
          return controller.stepFile(-1);
        case 'toggleViewed':
          return controller.toggleViewedCurrent();
        case 'search':
          return s.openSearch();
        case 'comment':
          return void controller.commentOnSelection();
        case 'sendFeedback':
          return s.openDialog('feedback');
        case 'help':
          return s.openDialog('shortcuts');
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [controller]);
}
