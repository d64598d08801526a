/**
 * The page's keyboard shortcuts: one table, used to dispatch keys, to list
 * them in the "?" help dialog, and to write the table in docs/shortcuts.md
 * (shortcutsDoc.test.ts fails when the two differ).
 */
import { isTypingTarget } from './isTypingTarget.js';
import { isReturnedFocus } from '../ui/returnedFocus.js';

export type ShortcutAction =
  | 'nextFile'
  | 'previousFile'
  | 'lineDown'
  | 'lineUp'
  | 'extendDown'
  | 'extendUp'
  | 'oldSide'
  | 'newSide'
  | 'nextHunk'
  | 'previousHunk'
  | 'nextAnnotation'
  | 'previousAnnotation'
  | 'comment'
  | 'suggest'
  | 'leaveLines'
  | 'toggleViewed'
  | 'openInEditor'
  | 'lineMenu'
  | 'viewedAndNext'
  | 'foldAll'
  | 'search'
  | 'toggleSidebar'
  | 'sendFeedback'
  | 'nextTourStep'
  | 'previousTourStep'
  | 'help';

/** Where a shortcut works: anywhere on the page, or only with the line cursor in the diff. */
export type ShortcutScope = 'page' | 'lineCursor';

export interface Shortcut {
  action: ShortcutAction;
  /** What the help dialog and the docs show: alternatives, each a `+`-joined chord (`Mod` is Ctrl, or ⌘ on a Mac). */
  keys: string[];
  description: string;
  scope: ShortcutScope;
  matches(event: KeyboardEvent): boolean;
}

const noModifier = (e: KeyboardEvent) => !e.ctrlKey && !e.metaKey && !e.altKey;
const plain = (...keys: string[]) => (e: KeyboardEvent) => noModifier(e) && keys.includes(e.key);
const unshifted = (key: string) => (e: KeyboardEvent) => noModifier(e) && !e.shiftKey && e.key === key;
const shifted = (key: string) => (e: KeyboardEvent) => noModifier(e) && e.shiftKey && e.key === key;

export const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Ctrl+Enter, or Cmd+Enter on a Mac. */
export function isModEnter(e: KeyboardEvent | { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return e.key === 'Enter' && (e.ctrlKey || e.metaKey);
}

export const SHORTCUTS: Shortcut[] = [
  { action: 'nextFile', keys: ['j'], description: 'Next file', scope: 'page', matches: plain('j') },
  { action: 'previousFile', keys: ['k'], description: 'Previous file', scope: 'page', matches: plain('k') },
  { action: 'lineDown', keys: ['↓'], description: 'Line cursor: next line (starts on the current file)', scope: 'page', matches: unshifted('ArrowDown') },
  { action: 'lineUp', keys: ['↑'], description: 'Line cursor: previous line', scope: 'page', matches: unshifted('ArrowUp') },
  { action: 'extendDown', keys: ['Shift+↓'], description: 'Extend the selected lines down', scope: 'page', matches: shifted('ArrowDown') },
  { action: 'extendUp', keys: ['Shift+↑'], description: 'Extend the selected lines up', scope: 'page', matches: shifted('ArrowUp') },
  { action: 'oldSide', keys: ['←'], description: 'Split view: the line beside, in the old column', scope: 'lineCursor', matches: unshifted('ArrowLeft') },
  { action: 'newSide', keys: ['→'], description: 'Split view: the line beside, in the new column', scope: 'lineCursor', matches: unshifted('ArrowRight') },
  { action: 'nextHunk', keys: ['n'], description: 'Next change (hunk)', scope: 'page', matches: plain('n') },
  { action: 'previousHunk', keys: ['p'], description: 'Previous change (hunk)', scope: 'page', matches: plain('p') },
  { action: 'nextAnnotation', keys: [']'], description: 'Next comment or suggestion', scope: 'page', matches: plain(']') },
  { action: 'previousAnnotation', keys: ['['], description: 'Previous comment or suggestion', scope: 'page', matches: plain('[') },
  { action: 'comment', keys: ['c', 'Enter'], description: 'Comment on the selected lines', scope: 'page', matches: (e) => plain('c')(e) || unshifted('Enter')(e) },
  { action: 'suggest', keys: ['s'], description: 'Suggest a change to the selected lines', scope: 'page', matches: plain('s') },
  { action: 'leaveLines', keys: ['Esc'], description: 'Leave the line cursor', scope: 'lineCursor', matches: plain('Escape') },
  { action: 'toggleViewed', keys: ['v'], description: 'Mark the current file viewed (or not)', scope: 'page', matches: plain('v') },
  { action: 'viewedAndNext', keys: ['Shift+V'], description: 'Mark the current file viewed and go to the next one not viewed', scope: 'page', matches: plain('V') },
  { action: 'openInEditor', keys: ['o'], description: 'Open the file in your editor (at the line cursor)', scope: 'page', matches: plain('o') },
  { action: 'lineMenu', keys: ['Shift+F10', 'ContextMenu'], description: "The line's menu, as a right-click on a line opens it: comment, suggest, open in your editor", scope: 'lineCursor', matches: (e) => shifted('F10')(e) || plain('ContextMenu')(e) },
  { action: 'foldAll', keys: ['z'], description: 'Collapse all files (again: expand all)', scope: 'page', matches: plain('z') },
  { action: 'search', keys: ['/'], description: 'Search the whole diff', scope: 'page', matches: plain('/') },
  { action: 'toggleSidebar', keys: ['b'], description: 'Show or hide the sidebar', scope: 'page', matches: plain('b') },
  { action: 'sendFeedback', keys: ['Mod+Enter'], description: 'Send Feedback', scope: 'page', matches: (e) => isModEnter(e) && !e.altKey },
  { action: 'nextTourStep', keys: ['.'], description: "The agent's tour: next step (while walking it)", scope: 'page', matches: plain('.') },
  { action: 'previousTourStep', keys: [','], description: "The agent's tour: previous step", scope: 'page', matches: plain(',') },
  { action: 'help', keys: ['?'], description: 'Show keyboard shortcuts', scope: 'page', matches: plain('?') },
];

/** Keys that every focused control answers (a button's Enter): the page leaves them to it. */
const CONTROL_KEYS = new Set(['Enter', 'Escape']);
/** Keys only the controls that move with arrows answer (a tab list, a tree, a list box, a select). */
const ARROW_KEYS = new Set(['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight']);
const CONTROLS = 'button, a[href], select, summary, [role="button"], [role="tab"], [role="checkbox"], [role="option"], [role="treeitem"], [role="menuitem"]';
const ARROW_CONTROLS = 'select, [role="tab"], [role="option"], [role="treeitem"], [role="menuitem"], [role="radio"], [role="slider"], input[type="radio"], input[type="range"]';

/**
 * The action a keydown asks for, or null: never for keys typed into a text
 * field, a contenteditable or anything inside a shadow root (the editor),
 * nor Enter on a focused control or arrows on a control that moves with them.
 * A plain button takes no arrows, so ↓ on one starts the line cursor; a
 * button a closed dialog gave focus back to takes no Enter either
 * (ui/returnedFocus.ts).
 */
export function shortcutFor(event: KeyboardEvent, hasLineCursor = false): ShortcutAction | null {
  if (event.defaultPrevented || event.isComposing || event.repeat) return null;
  if (isTypingTarget(event)) return null;
  if (!event.ctrlKey && !event.metaKey && !isReturnedFocus(event)) {
    if (CONTROL_KEYS.has(event.key) && isTarget(event, CONTROLS)) return null;
    if (ARROW_KEYS.has(event.key) && isTarget(event, ARROW_CONTROLS)) return null;
  }
  const shortcut = SHORTCUTS.find((s) => s.matches(event));
  if (!shortcut || (shortcut.scope === 'lineCursor' && !hasLineCursor)) return null;
  // Enter comments only on the cursor's lines (anywhere else it is a control's).
  if (shortcut.action === 'comment' && event.key === 'Enter' && !hasLineCursor) return null;
  return shortcut.action;
}

function isTarget(event: KeyboardEvent, selector: string): boolean {
  const origin = event.composedPath()[0] ?? event.target;
  return origin instanceof Element && origin.closest(selector) !== null;
}
