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
 */
const ESCAPE_RE: Record<EscapeContext, RegExp> = {
  text: new RegExp(`(\\\\+)(?=u\\{)|(\\\\*)([${UNSAFE_CLASS}])`, 'gu'),
  prose: new RegExp(`(\\\\+)(?=u\\{)|(\\\\*)([${UNSAFE_CLASS}\\r])`, 'gu'),
  line: new RegExp(`(\\\\+)(?=u\\{)|(\\\\*)([${UNSAFE_CLASS}\\t\\n\\r]| (?= *$))`, 'gu'),
};

/** `\u{202E}`: the visible escape of one code point. */
export function escapeCodePoint(codePoint: number): string {
  return '\\u{' + hex4(codePoint) + '}';
}

/**
 * Replaces each unsafe character with a visible `\u{202E}`-style escape.
 * `unescapeUnsafeChars(escapeUnsafeChars(s, options)) === s` for every string
 * and context.
 */
export function escapeUnsafeChars(text: string, options: { context?: EscapeContext } = {}): string {
  const re = ESCAPE_RE[options.context ?? 'text'];
  re.lastIndex = 0;
  return text.replace(re, (_all, runBeforeU: string | undefined, run: string | undefined, char: string | undefined) => {
    if (runBeforeU !== undefined) return runBeforeU + runBeforeU;
    return run! + run! + escapeCodePoint(char!.codePointAt(0)!);
  });
}

const UNESCAPE_RE = /(\\+)u\{(?:([0-9A-Fa-f]{1,6})\})?/g;

/** The exact inverse of `escapeUnsafeChars`. A malformed escape is kept as it is. */
export function unescapeUnsafeChars(text: string): string {
  return text.replace(UNESCAPE_RE, (all: string, run: string, hex: string | undefined) => {
    const half = '\\'.repeat(run.length >> 1);
    if (run.length % 2 === 0) return half + all.slice(run.length);
    if (hex === undefined) return all;
    const codePoint = parseInt(hex, 16);
    if (codePoint > 0x10ffff) return all;
    return half + String.fromCodePoint(codePoint);
  });
}
