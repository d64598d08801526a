/**
 * Fills accessibility gaps in Pierre's shadow DOM after each render:
 * - the "show unchanged lines" controls are `role="button"` with no name;
 * - each code column scrolls horizontally but cannot take focus, so a
 *   keyboard cannot scroll it. Made focusable, and marked as page territory
 *   (`data-redline-keys="page"`) so the page's shortcuts still work when
 *   focus is there (keys typed inside other shadow DOM, the editor, are
 *   left alone; see navigation/isTypingTarget.ts).
 * - after an edit session (Pierre 1.6.4) the code column keeps the editor's
 *   `role="textbox"` and name although it is no longer editable: a
 *   screen reader would announce a text field that takes no text.
 */
const LABELS: [selector: string, label: string][] = [
  // Pierre's "up" reveals the gap's lines next to the change above it; "down", next to the change below.
  ['[data-expand-up][role="button"]', 'Show unchanged lines after the change'],
  ['[data-expand-down][role="button"]', 'Show unchanged lines before the change'],
  ['[data-expand-both][role="button"]', 'Show all unchanged lines here'],
  // The gutter's "+" (shown on hover, created on first use).
  ['button[data-utility-button]', 'Comment on these lines'],
];

export const PAGE_KEYS_ATTRIBUTE = 'data-redline-keys';

const watched = new WeakSet<ShadowRoot>();

export function improveDiffAccessibility(host: HTMLElement): void {
  const root = host.shadowRoot;
  if (!root) return;
  fix(root);
  // Some controls appear later (the "+" on first hover): fix them as they come.
  if (!watched.has(root) && typeof MutationObserver === 'function') {
    watched.add(root);
    // `contenteditable`: the editor leaving a column behind (see above).
    new MutationObserver(() => fix(root)).observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['contenteditable'] });
  }
}

function fix(root: ShadowRoot): void {
  for (const stale of root.querySelectorAll('[data-content][role="textbox"]:not([contenteditable="true"])')) {
    for (const attribute of ['role', 'aria-multiline', 'aria-label']) stale.removeAttribute(attribute);
  }
  for (const [selector, label] of LABELS) {
    for (const el of root.querySelectorAll(`${selector}:not([aria-label])`)) el.setAttribute('aria-label', label);
  }
  for (const code of root.querySelectorAll('pre code:not([tabindex])')) {
    code.setAttribute('tabindex', '0');
    code.setAttribute(PAGE_KEYS_ATTRIBUTE, 'page');
  }
}
