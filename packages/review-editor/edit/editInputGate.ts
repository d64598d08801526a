/**
 * While a file is getting ready for editing (editQueries.isGettingReady),
 * it takes no clicks and no keys: a click on its code is swallowed (the
 * new-side line under the pointer is handed to `onAim`, where the caret
 * will go) and keys aimed at it are dropped. Measured before this gate
 * (the click that came too early): a click 0.5–2.5 s after Edit focused Pierre's
 * half-attached editor, whose late focus then put the typed text at the
 * start of line 1 (10 of 10 tries), or a later one moved it to the first
 * change.
 *
 * Listeners are on window in the capture phase, so they run before Pierre's
 * own (inside the item's shadow root) and before the page's shortcuts.
 */
export const GETTING_READY_ATTRIBUTE = 'data-edit-getting-ready';

const POINTER_EVENTS = ['pointerdown', 'mousedown', 'mouseup', 'click', 'dblclick', 'auxclick'] as const;
const KEY_EVENTS = ['keydown', 'keypress', 'keyup', 'beforeinput', 'paste', 'drop'] as const;
/** Keys that move focus or close things, never text: they stay the reviewer's. */
const FREE_KEYS = new Set(['Tab', 'Escape', 'Shift', 'Control', 'Alt', 'Meta']);

/** Closes `host` (a file's `diffs-container`) to input; the returned function opens it again. */
export function closeToInput(host: HTMLElement, onAim: (line: number) => void): () => void {
  const onPointer = (event: Event) => {
    const path = event.composedPath();
    if (!path.includes(host) || !path.some((node) => node instanceof HTMLElement && node.tagName === 'PRE')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const line = event.type === 'pointerdown' ? newSideLineOf(path) : null;
    if (line !== null) onAim(line);
  };
  const onKey = (event: Event) => {
    if (event instanceof KeyboardEvent && FREE_KEYS.has(event.key)) return;
    if (!event.composedPath().includes(host)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  for (const type of POINTER_EVENTS) window.addEventListener(type, onPointer, true);
  for (const type of KEY_EVENTS) window.addEventListener(type, onKey, true);
  host.setAttribute(GETTING_READY_ATTRIBUTE, '');
  return () => {
    for (const type of POINTER_EVENTS) window.removeEventListener(type, onPointer, true);
    for (const type of KEY_EVENTS) window.removeEventListener(type, onKey, true);
    host.removeAttribute(GETTING_READY_ATTRIBUTE);
  };
}

/** The new-side line number of the row under a pointer event (null: an old-side row, or no row). */
export function newSideLineOf(path: readonly EventTarget[]): number | null {
  for (const node of path) {
    if (!(node instanceof HTMLElement) || !node.hasAttribute('data-line')) continue;
    if (node.closest('[data-deletions]') || node.getAttribute('data-line-type') === 'change-deletion') return null;
    const line = Number(node.getAttribute('data-line'));
    return Number.isInteger(line) && line > 0 ? line : null;
  }
  return null;
}
