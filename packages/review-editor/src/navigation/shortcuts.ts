/**
 * The page's keyboard shortcuts: one table, used both to dispatch keys and
 * to list them in the "?" help dialog.
 */
import { isTypingTarget } from './isTypingTarget.js';

export type ShortcutAction = 'nextFile' | 'previousFile' | 'toggleViewed' | 'search' | 'comment' | 'sendFeedback' | 'help';

export interface Shortcut {
  action: ShortcutAction;
  /** What the help dialog shows. */
  keys: string[];
  description: string;
  matches(event: KeyboardEvent): boolean;
}

const plain = (...keys: string[]) => (e: KeyboardEvent) => !e.ctrlKey && !e.metaKey && !e.altKey && keys.includes(e.key);

export const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Ctrl+Enter, or Cmd+Enter on a Mac. */
export function isModEnter(e: KeyboardEvent | { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return e.key === 'Enter' && (e.ctrlKey || e.metaKey);
}

export const SHORTCUTS: Shortcut[] = [
  { action: 'nextFile', keys: ['j', 'n'], description: 'Next file', matches: plain('j', 'n') },
  { action: 'previousFile', keys: ['k', 'p'], description: 'Previous file', matches: plain('k', 'p') },
  { action: 'toggleViewed', keys: ['v'], description: 'Mark the current file viewed (or not)', matches: plain('v') },
  { action: 'search', keys: ['/'], description: 'Search the whole diff', matches: plain('/') },
  { action: 'comment', keys: ['c'], description: 'Comment on the selected lines', matches: plain('c') },
  { action: 'sendFeedback', keys: ['Mod', 'Enter'], description: 'Send Feedback', matches: (e) => isModEnter(e) && !e.altKey },
  { action: 'help', keys: ['?'], description: 'Show keyboard shortcuts', matches: (e) => !e.ctrlKey && !e.metaKey && !e.altKey && e.key === '?' },
];

/**
 * The action a keydown asks for, or null: never for keys typed into a text
 * field, a contenteditable or anything inside a shadow root (the editor).
 */
export function shortcutFor(event: KeyboardEvent): ShortcutAction | null {
  if (event.defaultPrevented || event.isComposing || event.repeat) return null;
  if (isTypingTarget(event)) return null;
  return SHORTCUTS.find((s) => s.matches(event))?.action ?? null;
}
