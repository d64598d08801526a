/**
 * The CLI's one escape for text it did not write that goes to a terminal
 * (a teammate's rounds and refs, stored thread text): bidi, invisible and
 * control characters (U+202E, ESC, BEL, CR…) and line ends become visible
 * `\u{…}` escapes (the core's textSafety, `line` context), never raw bytes a
 * terminal would obey.
 */
import { escapeUnsafeChars } from '@redline/core';

export function forTerminal(text: string): string {
  return escapeUnsafeChars(text, { context: 'line' });
}

/** The warning for a ref that is not a readable round, the same from every command. */
export function skippedRefWarning(ref: string, reason: string): string {
  return `redline: warning: skipping ${forTerminal(ref)}: ${forTerminal(reason)}`;
}
