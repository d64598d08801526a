/**
 * A line's menu: right-click on a line of the diff (or Shift+F10, the
 * ContextMenu key, at the line cursor) puts the line cursor there and offers
 * what the keys do there: comment (c), suggest (s), open the file in the
 * reviewer's editor at that line (o). This part listens and places it; the
 * menu is a lazy chunk (LineMenuList.tsx). Esc closes it and gives the keys
 * back to the diff.
 */
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useController } from '../app/reviewContext.js';
import type { ReviewController } from '../app/reviewController.js';
import { LineMenuList } from '../app/lazyPanels.js';
import { focusDiff } from '../navigation/focusDiff.js';
import { FILE_ID_ATTRIBUTE, lineAtEvent } from './lineAtPoint.js';

/** Dispatched on window by the keyboard shortcut: the menu opens at the line cursor. */
export const LINE_MENU_EVENT = 'redline:line-menu';

interface OpenMenu {
  x: number;
  y: number;
}

export function LineMenu() {
  const controller = useController();
  const [menu, setMenu] = useState<OpenMenu | null>(null);

  useEffect(() => {
    const onContextMenu = (event: MouseEvent) => {
      const at = lineAtEvent(event);
      if (!at) return;
      event.preventDefault();
      controller.placeCursor(at.fileId, at.side, at.line);
      if (controller.store.getState().lineCursor) setMenu({ x: event.clientX, y: event.clientY });
    };
    const onKey = () => {
      const at = cursorRowPosition(controller);
      if (at) setMenu(at);
    };
    document.addEventListener('contextmenu', onContextMenu);
    window.addEventListener(LINE_MENU_EVENT, onKey);
    return () => {
      document.removeEventListener('contextmenu', onContextMenu);
      window.removeEventListener(LINE_MENU_EVENT, onKey);
    };
  }, [controller]);

  const close = useCallback(() => {
    setMenu(null);
    focusDiff();
  }, []);
  if (!menu) return null;
  return (
    <Suspense fallback={null}>
      <LineMenuList x={menu.x} y={menu.y} onClose={close} />
    </Suspense>
  );
}

/** Where the line cursor's row is drawn (its selected row), else its file's top: the keyboard's menu opens there. */
function cursorRowPosition(controller: ReviewController): OpenMenu | null {
  const cursor = controller.store.getState().lineCursor;
  if (!cursor) return null;
  const host = [...document.querySelectorAll(`[${FILE_ID_ATTRIBUTE}]`)].find((el) => el.getAttribute(FILE_ID_ATTRIBUTE) === cursor.fileId);
  const row = host?.shadowRoot?.querySelector('[data-selected-line]') ?? host;
  const rect = row?.getBoundingClientRect();
  return rect ? { x: rect.left + 48, y: rect.bottom } : null;
}
