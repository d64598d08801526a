/**
 * The line's menu itself (LineMenu.tsx opens it): its items, each the same
 * controller call as its key, ↑/↓ among them, Esc to close. A lazy chunk
 * (app/lazyPanels.tsx): the first diff does not need it.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useController } from '../app/reviewContext.js';
import { openInEditorAtCursor } from '../openInEditor/openInEditor.js';
import './lineMenu.css';

const MENU_WIDTH = 240;
const MENU_HEIGHT = 112;

export function LineMenuList({ x, y, onClose }: { x: number; y: number; onClose(): void }) {
  const controller = useController();
  const element = useRef<HTMLDivElement>(null);

  // Focus is in the menu before it is painted (a layout effect, not a passive one): a key pressed the moment the
  // menu shows is the menu's, never the diff's (an Esc or ↑ there moved or cleared the line cursor under the menu).
  useLayoutEffect(() => {
    element.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
  }, []);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!element.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [onClose]);

  const cursor = controller.store.getState().lineCursor;
  if (!cursor) return null;
  const { side, line } = cursor.at;
  const run = (action: () => unknown) => () => {
    onClose();
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
      style={{ left: Math.max(0, Math.min(x, innerWidth - MENU_WIDTH)), top: Math.max(0, Math.min(y, innerHeight - MENU_HEIGHT)) }}
      onKeyDown={(event) => {
        // The menu's keys are its own: none reaches the page's shortcuts.
        event.stopPropagation();
        if (event.key === 'Escape') return onClose();
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
