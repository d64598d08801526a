/** Line matching for planApply's steps. */
import type { Eol, TextLayout } from '../diff/lines.js';

export function linesAt(lines: readonly string[], pos: number, want: readonly string[]): boolean {
  if (pos < 0 || pos + want.length > lines.length) return false;
  for (let k = 0; k < want.length; k++) if (lines[pos + k] !== want[k]) return false;
  return true;
}

/**
 * How many file lines the suggested code covers when it is in place at
 * `pos`, or -1. Its last line may be missing when it is empty and the file
 * ends there with a newline: an empty last line without a terminator is
 * written as the final newline of the line before ("a" + "" is "a\n"), so
 * that is all an applied suggestion leaves of it.
 */
export function suggestedSpan(layout: TextLayout, pos: number, suggested: readonly string[]): number {
  if (linesAt(layout.lines, pos, suggested)) return suggested.length;
  const n = suggested.length - 1;
  const endsWithEmptyLine = n >= 0 && suggested[n] === '';
  const fileEndsThere = pos + n === layout.lines.length && (layout.lines.length === 0 || lastEol(layout) !== '');
  return endsWithEmptyLine && fileEndsThere && linesAt(layout.lines, pos, suggested.slice(0, n)) ? n : -1;
}

export function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && linesAt(a, 0, b);
}

/** Every 0-based position where `want` (at least one line) occurs. */
export function findAll(lines: readonly string[], want: readonly string[]): number[] {
  const found: number[] = [];
  if (want.length === 0) return found;
  for (let pos = 0; pos + want.length <= lines.length; pos++) {
    if (lines[pos] === want[0] && linesAt(lines, pos, want)) found.push(pos);
  }
  return found;
}

export function lastEol(layout: TextLayout): Eol | '' | undefined {
  return layout.eols[layout.eols.length - 1];
}
