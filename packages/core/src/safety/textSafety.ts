/**
 * Characters that make text read differently from what it is: bidirectional
 * controls (Trojan Source, CVE-2021-42574), invisible characters, variation
 * selectors, tag characters (used to smuggle instructions to language models)
 * and control characters. The UI shows them as chips and file banners; the
 * feedback export escapes them in prose and warns about them in code.
 *
 * Never strip them silently: find them, show them, or escape them reversibly.
 */

export type UnsafeCharKind = 'bidi' | 'invisible' | 'variation' | 'tag' | 'control';

export interface UnsafeChar {
  codePoint: number;
  kind: UnsafeCharKind;
  /** 1-based. Only LF starts a new line (a CR is not a line break here). */
  line: number;
  /** 1-based, counted in code points from the start of the line. */
  column: number;
}

export interface FindOptions {
  /**
   * The text is the beginning of a file, so a U+FEFF at offset 0 is a byte
   * order mark, not a hidden character. Default true. Pass false for text that
   * does not start a file (a line further down, a code excerpt, a comment).
   */
  atFileStart?: boolean;
  /**
   * Also report U+000D (as `control`). Off by default because CR is a normal
   * line terminator in files; turn it on for LF-joined code strings, where a
   * CR is a lone carriage return that a terminal would use to overwrite the
   * line.
   */
  carriageReturns?: boolean;
}

/*
 * The whole set is one character class, so every scanner is a single
 * precompiled `u` regex (the UI scans every line of 200,000-line diffs).
 * DEL (U+007F) is counted with the C0/C1 controls.
 */
const BIDI = '\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069';
const INVISIBLE = '\\u200B-\\u200D\\u2060-\\u2064\\uFEFF\\u00AD\\u034F\\u115F\\u1160\\u3164\\uFFA0\\u180E';
const VARIATION = '\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}';
const TAG = '\\u{E0000}-\\u{E007F}';
const CONTROL = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
const UNSAFE_CLASS = BIDI + INVISIBLE + VARIATION + TAG + CONTROL;

const UNSAFE_RE = new RegExp(`[${UNSAFE_CLASS}]`, 'gu');
const UNSAFE_OR_CR_RE = new RegExp(`[${UNSAFE_CLASS}\\r]`, 'gu');

/** The category of an unsafe code point, or null for any other. CR is null (see `FindOptions`). */
export function unsafeCharKind(codePoint: number): UnsafeCharKind | null {
  if (
    codePoint === 0x061c ||
    codePoint === 0x200e ||
    codePoint === 0x200f ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2066 && codePoint <= 0x2069)
  )
    return 'bidi';
  if (
    (codePoint >= 0x200b && codePoint <= 0x200d) ||
    (codePoint >= 0x2060 && codePoint <= 0x2064) ||
    codePoint === 0xfeff ||
    codePoint === 0x00ad ||
    codePoint === 0x034f ||
    codePoint === 0x115f ||
    codePoint === 0x1160 ||
    codePoint === 0x3164 ||
    codePoint === 0xffa0 ||
    codePoint === 0x180e
  )
    return 'invisible';
  if ((codePoint >= 0xfe00 && codePoint <= 0xfe0f) || (codePoint >= 0xe0100 && codePoint <= 0xe01ef)) return 'variation';
  if (codePoint >= 0xe0000 && codePoint <= 0xe007f) return 'tag';
  if (
    (codePoint <= 0x1f && codePoint !== 0x09 && codePoint !== 0x0a && codePoint !== 0x0d) ||
    (codePoint >= 0x7f && codePoint <= 0x9f)
  )
    return 'control';
  return null;
}

/** `U+202E`, `U+0009`, `U+E0041`: uppercase hex, at least four digits. */
export function formatCodePoint(codePoint: number): string {
  return 'U+' + hex4(codePoint);
}

function hex4(codePoint: number): string {
  return codePoint.toString(16).toUpperCase().padStart(4, '0');
}

function scanStart(text: string, atFileStart: boolean): number {
  return atFileStart && text.charCodeAt(0) === 0xfeff ? 1 : 0;
}

export function hasUnsafeChars(text: string, options: FindOptions = {}): boolean {
  const re = options.carriageReturns ? UNSAFE_OR_CR_RE : UNSAFE_RE;
  re.lastIndex = scanStart(text, options.atFileStart ?? true);
  const found = re.test(text);
  re.lastIndex = 0;
  return found;
}

export function findUnsafeChars(text: string, options: FindOptions = {}): UnsafeChar[] {
  const re = options.carriageReturns ? UNSAFE_OR_CR_RE : UNSAFE_RE;
  re.lastIndex = scanStart(text, options.atFileStart ?? true);
  const found: UnsafeChar[] = [];
  // Line and column advance from the previous match, so the text is walked
  // once however many matches it has.
  let line = 1;
  let counted = 0; // the offset whose column is `column`
  let column = 1;
  let nextNewline = text.indexOf('\n');
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const at = m.index;
    while (nextNewline !== -1 && nextNewline < at) {
      line++;
      counted = nextNewline + 1;
      column = 1;
      nextNewline = text.indexOf('\n', counted);
    }
    column += countCodePoints(text, counted, at);
    counted = at;
    const codePoint = m[0].codePointAt(0)!;
    found.push({ codePoint, kind: unsafeCharKind(codePoint) ?? 'control', line, column });
  }
  re.lastIndex = 0;
  return found;
}

function countCodePoints(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < to) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/**
 * Where the escaped text goes, which decides what is escaped besides the
 * unsafe set:
 * - `text` (default): the unsafe set only (a leading U+FEFF included: escaped
 *   text is never a file);
 * - `prose`: also CR (the export is LF-only, so a CR would be a lone carriage
 *   return that hides what precedes it in a terminal);
 * - `line`: also tab, LF and CR, and the spaces at the very end, for a value
 *   that must stay on one line and keep its exact ends (headings, metadata).
 */
export type EscapeContext = 'text' | 'prose' | 'line';

/*
 * An escape is `\u{HEX}`. To keep escaping reversible, a run of backslashes
 * that ends right before a literal `u{` or before an escaped character is
 * doubled; `unescapeUnsafeChars` halves every run before `u{` and decodes the
 * escape only after an odd run.
 *
 * Both directions are one pass over the text, not regular expressions: a
 * pattern like `(\\+)(?=u\{)` re-reads a run of backslashes from each of
 * its positions, so 80,000 backslashes took 23.5 s;
 * `bench/linearTextBench.mjs` measures the 1 MiB worst cases.
 */

/** Escapes made so far: the unsafe set is a few hundred code points, and 1 MiB of one of them is a million escapes. */
const ESCAPES = new Map<number, string>();

/** `\u{202E}`: the visible escape of one code point. */
export function escapeCodePoint(codePoint: number): string {
  let escape = ESCAPES.get(codePoint);
  if (escape === undefined) {
    escape = '\\u{' + hex4(codePoint) + '}';
    if (ESCAPES.size < 4096) ESCAPES.set(codePoint, escape);
  }
  return escape;
}

const BACKSLASH = 0x5c;

/** Whether the code point at `at` is escaped in `context` (the unsafe set, and what the context adds). */
function isEscapedAt(codePoint: number, at: number, context: EscapeContext, trailingSpacesFrom: number): boolean {
  if (unsafeCharKind(codePoint) !== null) return true;
  if (context === 'text') return false;
  if (codePoint === 0x0d) return true;
  if (context === 'prose') return false;
  return codePoint === 0x09 || codePoint === 0x0a || (codePoint === 0x20 && at >= trailingSpacesFrom);
}

/** Where the run of spaces that ends the text starts (the text's length when it ends otherwise). */
function trailingSpacesStart(text: string): number {
  let at = text.length;
  while (at > 0 && text.charCodeAt(at - 1) === 0x20) at--;
  return at;
}

/**
 * Replaces each unsafe character with a visible `\u{202E}`-style escape.
 * `unescapeUnsafeChars(escapeUnsafeChars(s, options)) === s` for every string
 * and context.
 */
export function escapeUnsafeChars(text: string, options: { context?: EscapeContext } = {}): string {
  const context = options.context ?? 'text';
  const trailingSpacesFrom = context === 'line' ? trailingSpacesStart(text) : text.length;
  let out = '';
  let copied = 0; // text[copied, i) is still to be copied as it is
  for (let i = 0; i < text.length; ) {
    if (text.charCodeAt(i) === BACKSLASH) {
      let end = i;
      while (end < text.length && text.charCodeAt(end) === BACKSLASH) end++;
      const next = text.codePointAt(end);
      const doubled = text.startsWith('u{', end) || (next !== undefined && isEscapedAt(next, end, context, trailingSpacesFrom));
      if (doubled) {
        out += text.slice(copied, end) + text.slice(i, end);
        copied = end;
      }
      i = end;
      continue;
    }
    const codePoint = text.codePointAt(i)!;
    const width = codePoint > 0xffff ? 2 : 1;
    if (isEscapedAt(codePoint, i, context, trailingSpacesFrom)) {
      out += text.slice(copied, i) + escapeCodePoint(codePoint);
      copied = i + width;
    }
    i += width;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** 0-9, A-F, a-f. */
function isHexDigit(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** How many hex digits after `u{` at `from` make an escape (1 to 6, closed by `}`); 0 when they do not. */
function escapeHexLength(text: string, from: number): number {
  let end = from;
  while (end - from <= 6 && isHexDigit(text.charCodeAt(end))) end++;
  const count = end - from;
  return count >= 1 && count <= 6 && text.charCodeAt(end) === 0x7d ? count : 0;
}

/** The exact inverse of `escapeUnsafeChars`. A malformed escape is kept as it is. */
export function unescapeUnsafeChars(text: string): string {
  const parts: string[] = [];
  let copied = 0;
  for (let i = text.indexOf('\\'); i !== -1; i = text.indexOf('\\', i)) {
    let end = i;
    while (text.charCodeAt(end) === BACKSLASH) end++;
    if (text.charCodeAt(end) !== 0x75 || text.charCodeAt(end + 1) !== 0x7b) {
      i = end;
      continue;
    }
    // A run before `u{`: an even run is halved and `u{…` kept; an odd run also decodes a valid escape.
    const run = end - i;
    const hexLength = escapeHexLength(text, end + 2);
    const codePoint = hexLength === 0 ? NaN : parseInt(text.slice(end + 2, end + 2 + hexLength), 16);
    const decodes = run % 2 === 1 && codePoint <= 0x10ffff;
    if (run % 2 === 0 || decodes) {
      parts.push(text.slice(copied, i), '\\'.repeat(run >> 1));
      copied = decodes ? end + 3 + hexLength : end;
      if (decodes) parts.push(String.fromCodePoint(codePoint));
    }
    i = end + 2 + (hexLength === 0 ? 0 : hexLength + 1);
  }
  if (copied === 0) return text;
  parts.push(text.slice(copied));
  return parts.join('');
}
