/**
 * A line's menu: right-click on a line of the diff (or Shift+F10, the
 * ContextMenu key, at the line cursor) puts the line cursor there and offers
 * what the keys do there: comment (c), suggest (s), open the file in the
 * reviewer's editor at that line (o). Each item runs the same controller
 * call as its key. ↑/↓ move among the items, Esc closes the menu and gives
 * the keys back to the diff.
 */
import { useEffect, useRef, useState } from 'react';
import { useController } from '../app/reviewContext.js';
import type { ReviewController } from '../app/reviewController.js';
import { focusDiff } from '../navigation/focusDiff.js';
import { openInEditorAtCursor } from '../openInEditor/openInEditor.js';
import { FILE_ID_ATTRIBUTE, lineAtEvent } from './lineAtPoint.js';
import './lineMenu.css';

/** Dispatched on window by the keyboard shortcut: the menu opens at the line cursor. */
export const LINE_MENU_EVENT = 'redline:line-menu';

interface OpenMenu {
  x: number;
  y: number;
}

const MENU_WIDTH = 240;
const MENU_HEIGHT = 112;

export function LineMenu() {
  const controller = useController();
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const element = useRef<HTMLDivElement>(null);

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

  useEffect(() => {
    if (!menu) return;
    element.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!element.current?.contains(event.target as Node)) setMenu(null);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [menu]);

  if (!menu) return null;
  const cursor = controller.store.getState().lineCursor;
  if (!cursor) return null;
  const { side, line } = cursor.at;
  const close = () => {
    setMenu(null);
    focusDiff();
  };
  const run = (action: () => unknown) => () => {
    close();
    action();
  };
  const items = [
    { label: `Comment on line ${line} (${side})`, keys: 'c', action: () => controller.commentOnLines() },
    { label: 'Suggest a change', keys: 's', action: () => void controller.suggestOnLines() },
    { label: side === 'new' ? `Open in editor at line ${line}` : 'Open in editor (a deleted line: at the top)', keys: 'o', action: () => openInEditorAtCursor(controller) },
  ];
  return (
    <div
      ref={element}
      className="line-menu"
      role="menu"
      aria-label={`Line ${line} (${side})`}
      style={{ left: Math.max(0, Math.min(menu.x, innerWidth - MENU_WIDTH)), top: Math.max(0, Math.min(menu.y, innerHeight - MENU_HEIGHT)) }}
      onKeyDown={(event) => {
        // The menu's keys are its own: none reaches the page's shortcuts.
        event.stopPropagation();
        if (event.key === 'Escape') return close();
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          const buttons = [...(element.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
          const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
          buttons[(at + (event.key === 'ArrowDown' ? 1 : buttons.length - 1)) % buttons.length]?.focus();
        }
      }}
    >
      {items.map((item) => (
        <button key={item.keys} type="button" role="menuitem" className="line-menu-item" onClick={run(item.action)}>
          <span>{item.label}</span>
          <kbd>{item.keys}</kbd>
        </button>
      ))}
    </div>
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
