/**
 * Whether a key event was typed into something that takes text, in which
 * case page shortcuts must leave it alone. Looks at the real origin of the
 * event (`composedPath()[0]`): events from inside a shadow root (Pierre's
 * editor) are retargeted to the shadow host by the time they reach window.
 */
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'datetime-local', 'month', 'time', 'week', '']);

export function isTypingTarget(event: Event): boolean {
  const path = typeof event.composedPath === 'function' ? event.composedPath() : [];
  const origin = (path[0] ?? event.target) as EventTarget | null;
  if (isTextField(origin)) return true;
  // Anything typed inside a shadow root is someone else's keyboard (the
  // editor), except the diff's own focusable code columns, which the page
  // marks as its own (diff/improveDiffAccessibility.ts).
  if (origin instanceof Node && origin.getRootNode() instanceof ShadowRoot) {
    return !(origin instanceof Element && origin.closest('[data-redline-keys="page"]'));
  }
  return isTextField(event.target);
}

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type);
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  // happy-dom and older engines: honour the attribute itself.
  const editable = target.closest('[contenteditable]');
  return editable !== null && editable.getAttribute('contenteditable') !== 'false';
}
