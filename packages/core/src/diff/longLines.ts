/**
 * Long lines: a line longer than LONG_LINE_LIMIT characters is
 * drawn cut, with "Show the whole line" beside it. Only the drawing is cut:
 * annotations anchor on line numbers and quote the whole line's text.
 *
 * 5,000 characters: at the diff's 12 px monospace (7.2 px a character) that
 * is 36,000 px, some 25 screens of horizontal scrolling, past what anyone
 * reads in place; a line of hand-written code, a long string or an SVG path
 * included, stays far below it. A 5 MB one-line file drawn whole was an
 * element 33,554,402 px wide (Chromium's limit: it painted nothing).
 */
export const LONG_LINE_LIMIT = 5_000;

/** Whether a line (without its terminator) is drawn cut. */
export function isLongLine(text: string): boolean {
  return text.length > LONG_LINE_LIMIT;
}

/** The part of a long line that is drawn: its first LONG_LINE_LIMIT code units, never half a surrogate pair. */
export function cutLongLine(text: string): string {
  if (!isLongLine(text)) return text;
  const last = text.charCodeAt(LONG_LINE_LIMIT - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? LONG_LINE_LIMIT - 1 : LONG_LINE_LIMIT;
  return text.slice(0, end);
}
