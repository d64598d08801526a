/**
 * Focus given back by a closed dialog (the WAI-ARIA dialog pattern: to the
 * control that opened it). That button is marked until focus leaves it, and
 * the page's keys treat it as a fresh page: ↓/↑ start the line cursor, and
 * Enter or Space never press it again to re-open the dialog just closed
 * (navigation/useGlobalShortcuts.ts).
 */
export const RETURNED_FOCUS_ATTRIBUTE = 'data-returned-focus';

/** Focuses `element` and marks it as given back by a dialog, until it loses focus or is clicked. */
export function returnFocusTo(element: HTMLElement): void {
  element.focus();
  if (element === element.ownerDocument.body || element.ownerDocument.activeElement !== element) return;
  element.setAttribute(RETURNED_FOCUS_ATTRIBUTE, '');
  const unmark = () => {
    element.removeAttribute(RETURNED_FOCUS_ATTRIBUTE);
    element.removeEventListener('blur', unmark);
    element.removeEventListener('pointerdown', unmark);
  };
  element.addEventListener('blur', unmark);
  element.addEventListener('pointerdown', unmark);
}

/** Whether a key event's origin is a control a dialog gave focus back to. */
export function isReturnedFocus(event: Event): boolean {
  const origin = event.composedPath()[0] ?? event.target;
  return origin instanceof Element && origin.hasAttribute(RETURNED_FOCUS_ATTRIBUTE);
}
