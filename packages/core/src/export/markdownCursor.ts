/**
 * The markdown export's reader, line by line (parseFeedbackMarkdown.ts): the
 * lines, where the reader is, the problems found so far (each with its line
 * number), and the fences, which are consumed whole so that nothing inside
 * one is ever read as structure. Tolerant of CRLF line endings (a document
 * whose every LF follows a CR went through a conversion) and of trailing
 * whitespace on structural lines; fence contents are kept exactly.
 */
import type { FeedbackParseError } from './feedbackParseResult.js';
import { readCodeSpan } from './fences.js';
import { WARNING_PREFIX } from './feedbackMarkdownSyntax.js';
import { quoteForMessage } from './fieldReader.js';
import { unescapeUnsafeChars } from '../safety/textSafety.js';

export const FENCE_OPEN_RE = /^(`{3,})([^`]*)$/;

export class MarkdownCursor {
  readonly errors: FeedbackParseError[] = [];
  readonly lines: string[];
  /** The index of the next line to read. */
  i = 0;

  constructor(text: string) {
    let body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    // A document whose every LF comes after a CR went through a CRLF
    // conversion: undo it. Redline's own output always has bare LFs, so a CR
    // in the code of a document that still has them is kept as content.
    if (body.includes('\r\n') && !/(^|[^\r])\n/.test(body)) body = body.replace(/\r\n/g, '\n');
    this.lines = body.split('\n');
  }

  fail(index: number, message: string): void {
    this.errors.push({ line: index + 1, message });
  }

  /** Reads the fence after a label (past blank and warning lines). Returns its exact content, or null. */
  readFencedCode(labelIndex: number, label: string): string | null {
    while (this.i < this.lines.length) {
      const line = trimEnd(this.lines[this.i]!);
      if (line !== '' && !line.startsWith(WARNING_PREFIX)) break;
      this.i++;
    }
    const openIndex = this.i;
    const open = openIndex < this.lines.length ? FENCE_OPEN_RE.exec(trimEnd(this.lines[openIndex]!)) : null;
    if (!open) {
      this.fail(labelIndex, `${label} must be followed by a fenced code block (\`\`\`)`);
      return null;
    }
    const close = this.findFenceClose(openIndex, open[1]!.length);
    if (close === -1) {
      this.fail(openIndex, `the code block opened here is never closed: expected a line of ${open[1]!.length} backticks (is the export truncated?)`);
      this.i = this.lines.length;
      return null;
    }
    this.i = close + 1;
    return this.lines.slice(openIndex + 1, close).join('\n');
  }

  skipFence(line: string, index: number): void {
    const close = this.findFenceClose(index, FENCE_OPEN_RE.exec(line)![1]!.length);
    this.i = close === -1 ? this.lines.length : close + 1;
  }

  /** A closing fence: at least `length` backticks, nothing else but whitespace (CommonMark). */
  private findFenceClose(openIndex: number, length: number): number {
    for (let j = openIndex + 1; j < this.lines.length; j++) {
      const m = /^ {0,3}(`+)[ \t\r]*$/.exec(this.lines[j]!);
      if (m && m[1]!.length >= length) return j;
    }
    return -1;
  }
}

/**
 * The line without its trailing spaces, tabs and CRs. A loop, not
 * `/[ \t\r]+$/`: that pattern restarts at every blank of a long run that
 * does not end the line, quadratic in the run.
 */
export function trimEnd(line: string): string {
  let end = line.length;
  for (let c = line.charCodeAt(end - 1); c === 0x20 || c === 0x09 || c === 0x0d; c = line.charCodeAt(end - 1)) end--;
  return end === line.length ? line : line.slice(0, end);
}

/** A bad line, quoted and shortened for an error message, ASCII-only. */
export function preview(line: string): string {
  return quoteForMessage(line, 60);
}

/** The content of a code span that is the whole of `text`, unescaped; null otherwise. */
export function wholeCodeSpan(text: string): string | null {
  if (!text.startsWith('`')) return null;
  const span = readCodeSpan(text, 0);
  return span && span.end === text.length ? unescapeUnsafeChars(span.content) : null;
}
