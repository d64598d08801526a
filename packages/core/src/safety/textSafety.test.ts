import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  escapeUnsafeChars,
  findUnsafeChars,
  formatCodePoint,
  hasUnsafeChars,
  unescapeUnsafeChars,
  unsafeCharKind,
  type EscapeContext,
  type UnsafeCharKind,
} from './textSafety.js';

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const EXPECTED: Record<UnsafeCharKind, number[]> = {
  bidi: [0x061c, 0x200e, 0x200f, ...range(0x202a, 0x202e), ...range(0x2066, 0x2069)],
  invisible: [...range(0x200b, 0x200d), ...range(0x2060, 0x2064), 0xfeff, 0x00ad, 0x034f, 0x115f, 0x1160, 0x3164, 0xffa0, 0x180e],
  variation: [...range(0xfe00, 0xfe0f), ...range(0xe0100, 0xe01ef)],
  tag: range(0xe0000, 0xe007f),
  control: [...range(0x00, 0x08), 0x0b, 0x0c, ...range(0x0e, 0x1f), ...range(0x7f, 0x9f)],
};

describe('unsafe character detection', () => {
  for (const [kind, codePoints] of Object.entries(EXPECTED) as [UnsafeCharKind, number[]][]) {
    it(`finds every ${kind} character (${codePoints.length} code points)`, () => {
      for (const cp of codePoints) {
        const text = `ab${String.fromCodePoint(cp)}c`;
        expect(unsafeCharKind(cp)).toBe(kind);
        expect(findUnsafeChars(text, { atFileStart: false })).toEqual([{ codePoint: cp, kind, line: 1, column: 3 }]);
        expect(hasUnsafeChars(text)).toBe(true);
      }
    });
  }

  it('leaves tab, LF, CR, ordinary text and the neighbours of each range alone', () => {
    const neighbours = [0x061b, 0x061d, 0x200a, 0x2010, 0x2029, 0x202f, 0x2065, 0x206a, 0x205f, 0x2065, 0xfdff, 0xfe10, 0xe0080, 0xe00ff, 0xe01f0, 0xa0, 0x7e, 0x20];
    const text = `\t\n\r\n é 漢字 😀 Ωmega ${neighbours.map((cp) => String.fromCodePoint(cp)).join('')}`;
    expect(findUnsafeChars(text)).toEqual([]);
    expect(hasUnsafeChars(text)).toBe(false);
    for (const cp of [0x09, 0x0a, 0x0d, ...neighbours]) expect(unsafeCharKind(cp)).toBeNull();
  });

  it('reports a CR only when asked (code strings, where it is a lone carriage return)', () => {
    expect(findUnsafeChars('a\rb')).toEqual([]);
    expect(findUnsafeChars('a\rb', { carriageReturns: true })).toEqual([{ codePoint: 0x0d, kind: 'control', line: 1, column: 2 }]);
    expect(hasUnsafeChars('a\rb', { carriageReturns: true })).toBe(true);
  });

  it('accepts a BOM at the very start of a file only', () => {
    expect(findUnsafeChars('\uFEFFcode')).toEqual([]);
    expect(hasUnsafeChars('\uFEFFcode')).toBe(false);
    expect(findUnsafeChars('\uFEFFcode', { atFileStart: false })).toHaveLength(1);
    expect(findUnsafeChars('\uFEFFa\uFEFF\n\uFEFF')).toEqual([
      { codePoint: 0xfeff, kind: 'invisible', line: 1, column: 3 },
      { codePoint: 0xfeff, kind: 'invisible', line: 2, column: 1 },
    ]);
  });

  it('gives 1-based lines (LF) and columns in code points', () => {
    const text = 'first\n😀😀\u202E x \u200B\n\n\t\u{E0041}';
    expect(findUnsafeChars(text)).toEqual([
      { codePoint: 0x202e, kind: 'bidi', line: 2, column: 3 },
      { codePoint: 0x200b, kind: 'invisible', line: 2, column: 7 },
      { codePoint: 0xe0041, kind: 'tag', line: 4, column: 2 },
    ]);
  });

  it('formats code points as U+XXXX', () => {
    expect(formatCodePoint(0x202e)).toBe('U+202E');
    expect(formatCodePoint(9)).toBe('U+0009');
    expect(formatCodePoint(0xe0041)).toBe('U+E0041');
  });

  it('scans a 200,000-line diff in one pass and finds every occurrence (speed lives in the bench, not here)', () => {
    const lines = Array.from({ length: 200_000 }, (_, i) =>
      i % 1000 === 0 ? `+  const value${i} = "\u202E${i}";` : `+  const value${i} = compute(${i}, "text ü");`,
    );
    const diff = lines.join('\n');
    const found = findUnsafeChars(diff);
    let flagged = 0;
    for (const line of lines) if (hasUnsafeChars(line)) flagged++;
    expect(found).toHaveLength(200);
    expect(found[1]).toMatchObject({ line: 1001, column: 23 });
    expect(flagged).toBe(200);
  }, 60_000); // generous: the suite shares two cores with everything else
});

describe('escapeUnsafeChars / unescapeUnsafeChars', () => {
  it('escapes visibly and leaves safe text untouched', () => {
    expect(escapeUnsafeChars('a\u202Eb\u{E0041}')).toBe('a\\u{202E}b\\u{E0041}');
    expect(escapeUnsafeChars('plain é 😀 text\twith\ttabs\n')).toBe('plain é 😀 text\twith\ttabs\n');
    expect(escapeUnsafeChars('\uFEFFx')).toBe('\\u{FEFF}x');
  });

  it('escapes the extra characters of each context', () => {
    expect(escapeUnsafeChars('a\r\nb', { context: 'prose' })).toBe('a\\u{000D}\nb');
    expect(escapeUnsafeChars('a\tb\nc\rd  ', { context: 'line' })).toBe('a\\u{0009}b\\u{000A}c\\u{000D}d\\u{0020}\\u{0020}');
    expect(escapeUnsafeChars(' lead and inner  spaces stay', { context: 'line' })).toBe(' lead and inner  spaces stay');
  });

  it('escapes backslashes that would otherwise be read as part of an escape', () => {
    expect(escapeUnsafeChars('\\u{41}')).toBe('\\\\u{41}');
    expect(escapeUnsafeChars('\\\u202E')).toBe('\\\\\\u{202E}');
    expect(escapeUnsafeChars('C:\\dir\\file')).toBe('C:\\dir\\file');
    for (const s of ['\\u{41}', '\\\u202E', '\\\\u{', 'u{41}', '\\', '\\u', '\\u{}', '\\u{110000}']) {
      expect(unescapeUnsafeChars(escapeUnsafeChars(s))).toBe(s);
    }
  });

  it('keeps a malformed escape as it is', () => {
    expect(unescapeUnsafeChars('\\u{zz}')).toBe('\\u{zz}');
    expect(unescapeUnsafeChars('\\u{110000}')).toBe('\\u{110000}');
  });

  // Strings from an alphabet dense in what the escape rules care about.
  const tricky = fc.string({
    unit: fc.constantFrom('\\', 'u', '{', '}', '2', '0', 'E', 'a', ' ', '\t', '\n', '\r', '\u202E', '\u200B', '\uFEFF', '\u{E0041}', '\u0000', '\u0085', 'é', '😀'),
    maxLength: 40,
  });
  const anyText = fc.oneof(tricky, fc.string({ unit: 'binary', maxLength: 40 }));

  for (const context of ['text', 'prose', 'line'] as EscapeContext[]) {
    it(`unescape(escape(s, ${context})) === s and the escaped text is clean (property, 2,000 cases, seed 7)`, () => {
      fc.assert(
        fc.property(anyText, (s) => {
          const escaped = escapeUnsafeChars(s, { context });
          expect(unescapeUnsafeChars(escaped)).toBe(s);
          expect(hasUnsafeChars(escaped, { atFileStart: false, carriageReturns: context !== 'text' })).toBe(false);
          if (context === 'line') expect(escaped).not.toMatch(/[\t\n\r]| $/);
        }),
        { seed: 7, numRuns: 2000 },
      );
    }, 60_000);
  }

  /*
   * The regular expressions the one-pass scanners replaced (they
   * re-read runs of backslashes and spaces from every position, quadratic),
   * kept here as the specification: on short strings the scanners must give
   * exactly their output.
   */
  const CLASS = '\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069\\u200B-\\u200D\\u2060-\\u2064\\uFEFF\\u00AD\\u034F\\u115F\\u1160\\u3164\\uFFA0\\u180E\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}\\u{E0000}-\\u{E007F}\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
  const REFERENCE_ESCAPE: Record<EscapeContext, RegExp> = {
    text: new RegExp(`(\\\\+)(?=u\\{)|(\\\\*)([${CLASS}])`, 'gu'),
    prose: new RegExp(`(\\\\+)(?=u\\{)|(\\\\*)([${CLASS}\\r])`, 'gu'),
    line: new RegExp(`(\\\\+)(?=u\\{)|(\\\\*)([${CLASS}\\t\\n\\r]| (?= *$))`, 'gu'),
  };
  const referenceEscape = (text: string, context: EscapeContext) =>
    text.replace(REFERENCE_ESCAPE[context], (_all, runBeforeU: string | undefined, run: string | undefined, char: string | undefined) =>
      runBeforeU !== undefined ? runBeforeU + runBeforeU : run! + run! + '\\u{' + char!.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0') + '}',
    );
  const referenceUnescape = (text: string) =>
    text.replace(/(\\+)u\{(?:([0-9A-Fa-f]{1,6})\})?/g, (all: string, run: string, hex: string | undefined) => {
      const half = '\\'.repeat(run.length >> 1);
      if (run.length % 2 === 0) return half + all.slice(run.length);
      if (hex === undefined || parseInt(hex, 16) > 0x10ffff) return all;
      return half + String.fromCodePoint(parseInt(hex, 16));
    });
  const escapeLike = fc.string({
    unit: fc.constantFrom('\\', '\\', 'u', '{', 'u{', '}', '1', 'F', 'f', '0', 'g', '202E}', '10FFFF}', '110000}', '0000041}', ' ', '\t', '\n', '\r', '\u202E', '\uFEFF', '\u{E0041}', '\uD800', '😀'),
    maxLength: 40,
  });

  it('the one-pass escape gives exactly what the old regular expressions gave, in every context (property, 3 x 3,000 cases, seed 16)', () => {
    for (const context of ['text', 'prose', 'line'] as EscapeContext[]) {
      fc.assert(
        fc.property(fc.oneof(tricky, escapeLike, anyText), (s) => {
          expect(escapeUnsafeChars(s, { context })).toBe(referenceEscape(s, context));
        }),
        { seed: 16, numRuns: 3000 },
      );
    }
  }, 60_000);

  it('the one-pass unescape gives exactly what the old regular expression gave, escaped text or not (property, 5,000 cases, seed 16)', () => {
    fc.assert(
      fc.property(fc.oneof(tricky, escapeLike, anyText), (s) => {
        expect(unescapeUnsafeChars(s)).toBe(referenceUnescape(s));
      }),
      { seed: 16, numRuns: 5000 },
    );
  }, 60_000);
});
