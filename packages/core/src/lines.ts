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

const LINE_RE = /([^\r\n]*)(\r\n|\n|\r|$)/g;

export function splitText(text: string): TextLayout {
  let body = text;
  const bom = body.charCodeAt(0) === 0xfeff;
  if (bom) body = body.slice(1);
  const lines: string[] = [];
  const eols: (Eol | '')[] = [];
  let crlf = 0;
  let lf = 0;
  if (body.length > 0) {
    LINE_RE.lastIndex = 0;
    for (;;) {
      const m = LINE_RE.exec(body);
      if (!m) break;
      const [, line = '', eol = ''] = m;
      if (eol === '' && line === '' && m.index === body.length) break;
      lines.push(line);
      eols.push(eol as Eol | '');
      if (eol === '\r\n') crlf++;
      else if (eol === '\n') lf++;
      if (eol === '') break;
    }
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
