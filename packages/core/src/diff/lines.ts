/**
 * Splitting text into lines and putting it back together without losing a
 * byte: the BOM, each line's own terminator (LF, CRLF or a lone CR) and
 * whether the text ends with a newline.
 */

export type Eol = '\n' | '\r\n' | '\r';

export interface TextLayout {
  /** The text began with U+FEFF (removed from `lines`). */
  bom: boolean;
  /** The lines, without terminators. An empty text has no lines. */
  lines: string[];
  /** `eols[i]` terminates `lines[i]`; `''` only for a last line with no final newline. */
  eols: (Eol | '')[];
  /** The most common terminator ('\n' when there is none or on a tie). */
  dominantEol: '\n' | '\r\n';
}

export function splitText(text: string): TextLayout {
  const bom = text.charCodeAt(0) === 0xfeff;
  const lines: string[] = [];
  const eols: (Eol | '')[] = [];
  let crlf = 0;
  let lf = 0;
  // A loop over char codes: about 5x faster than a global regex on 100k-line files.
  let lineStart = bom ? 1 : 0;
  const n = text.length;
  for (let i = lineStart; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      lines.push(text.slice(lineStart, i));
      eols.push('\n');
      lf++;
      lineStart = i + 1;
    } else if (c === 13) {
      lines.push(text.slice(lineStart, i));
      if (text.charCodeAt(i + 1) === 10) {
        eols.push('\r\n');
        crlf++;
        i++;
      } else {
        eols.push('\r');
      }
      lineStart = i + 1;
    }
  }
  if (lineStart < n) {
    lines.push(text.slice(lineStart));
    eols.push('');
  }
  return { bom, lines, eols, dominantEol: crlf > lf ? '\r\n' : '\n' };
}

export function joinText(layout: TextLayout): string {
  let out = layout.bom ? '\uFEFF' : '';
  for (let i = 0; i < layout.lines.length; i++) out += layout.lines[i]! + (layout.eols[i] ?? '');
  return out;
}

/** True when the text ends with a line terminator (an empty text does not). */
export function endsWithNewline(text: string): boolean {
  return text.endsWith('\n') || text.endsWith('\r');
}

/** The text's lines with terminators and BOM removed: the LF view every diff in Redline works on. */
export function toLines(text: string): string[] {
  return splitText(text).lines;
}

/** `lines.join('\n')`: the form `originalCode` and `suggestedCode` take. */
export function linesToCode(lines: readonly string[]): string {
  return lines.join('\n');
}

/** The inverse of `linesToCode`. `''` is one empty line only when `emptyIsLine`; otherwise no lines. */
export function codeToLines(code: string, emptyIsLine = false): string[] {
  if (code === '') return emptyIsLine ? [''] : [];
  return code.split('\n');
}
