/**
 * The line headings of the markdown export, read back: an annotation's
 * (`### Line 9 (new)`, `### Lines 3-5 (old)`, `### Empty file (new)`) and a
 * carried suggestion's (`### Round 1 · `path` · Line 9 (new)`,
 * docs/feedback-format.md section 8) and a fix set member's
 * (`### Member 2 · `path` · Line 9 (new)`), which end with the same words.
 */
import type { LineSpan } from '../model/lineSpan.js';
import type { Side } from '../model/types.js';
import { unescapeUnsafeChars } from '../safety/textSafety.js';
import { readCodeSpan } from './fences.js';
import { CARRIED_HEADING_PREFIX, CARRIED_SEPARATOR, LINE_HEADING_RE, lineHeading } from './feedbackMarkdownSyntax.js';

export interface HeadingLines extends LineSpan {
  side: Side;
}

/** What an annotation's line heading says; null when the line is none. */
export function readLineHeading(line: string): HeadingLines | null {
  const m = LINE_HEADING_RE.exec(line);
  if (!m) return null;
  const side = m[4] as Side;
  if (m[1] !== undefined) return { side, startLine: Number(m[1]), endLine: Number(m[1]) };
  if (m[2] !== undefined) return { side, startLine: Number(m[2]), endLine: Number(m[3]) };
  return { side, startLine: 1, endLine: 0 };
}

/** `### Round N · `path` · Line 9 (new)` (a carried suggestion's, `CARRIED_HEADING_PREFIX`) or `### Member k · …` (a fix set member's), the path already a code span. */
export function numberedHeading(prefix: string, n: number, pathSpan: string, { side, ...lines }: HeadingLines): string {
  return prefix + n + CARRIED_SEPARATOR + pathSpan + CARRIED_SEPARATOR + lineHeading(side, lines).slice('### '.length);
}

/** `### Round N · `path` · Line 9 (new)`, the path already a code span. */
export function carriedHeading(round: number, pathSpan: string, lines: HeadingLines): string {
  return numberedHeading(CARRIED_HEADING_PREFIX, round, pathSpan, lines);
}

/** What a heading made by `numberedHeading` with this prefix says; null when the line is none. */
export function readNumberedHeading(prefix: string, line: string): ({ n: number; path: string } & HeadingLines) | null {
  if (!line.startsWith(prefix)) return null;
  const n = readNumber(line, prefix.length);
  const rest = line.slice(n.end);
  const span = n.end > prefix.length && rest.startsWith(CARRIED_SEPARATOR + '`') ? readCodeSpan(rest, CARRIED_SEPARATOR.length) : null;
  const lines = span && rest.slice(span.end).startsWith(CARRIED_SEPARATOR) ? readLineHeading('### ' + rest.slice(span.end + CARRIED_SEPARATOR.length)) : null;
  return span && lines ? { n: n.value, path: unescapeUnsafeChars(span.content), ...lines } : null;
}

/** The decimal number (at most 9 digits) at `start`, and where it ends (`start` when there is none). */
export function readNumber(line: string, start: number): { value: number; end: number } {
  let end = start;
  while (end < line.length && end - start < 9 && line.charCodeAt(end) >= 0x30 && line.charCodeAt(end) <= 0x39) end++;
  return { value: Number(line.slice(start, end)), end };
}
