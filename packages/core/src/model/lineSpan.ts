/**
 * The one spelling of a line range in the core: lines of one side of a file,
 * 1-based and inclusive (docs/architecture.md). An annotation carries it flat
 * (`startLine`, `endLine`, as the export and the HTTP API spell it); a thread,
 * an apply outcome and the export's heading readers carry it as a value. The
 * only empty span is the insertion into an empty file (startLine 1, endLine 0).
 * A wire format that spells a range otherwise (the agent's findings,
 * `lines: { start, end }`) converts at its one reader and writer.
 */
export interface LineSpan {
  startLine: number;
  endLine: number;
}

/** The lines of a 0-based position and a count, as a span; null for no line. */
export function lineSpanAt(pos: number, count: number): LineSpan | null {
  return count > 0 ? { startLine: pos + 1, endLine: pos + count } : null;
}

/** `line 9` or `lines 3-5`: a span of one line or more in words (the export's sections, `redline apply`'s outcomes). */
export function lineSpanWords({ startLine, endLine }: LineSpan): string {
  return startLine === endLine ? `line ${startLine}` : `lines ${startLine}-${endLine}`;
}
