// @vitest-environment jsdom
/**
 * Odd text of any size is shown at a cost that does not grow with it: a
 * text with more than MAX_CHIPS invisible or bidi characters shows them as
 * `\u{…}` escapes in plain text (not one element each), a text over
 * MAX_RENDERED_CHARS is shown as it is (not as markdown), and a long one is
 * cut into blocks the browser lays out only near the viewport. Nothing is
 * dropped: the shown text is the text, or its escape.
 */
import { cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { escapeUnsafeChars } from '@redline/core';
import { loadMarkdownRenderer, Markdown, MAX_RENDERED_CHARS } from '../markdown/Markdown.js';
import { chunkText, LongText, LONG_TEXT_CHARS } from './LongText.js';
import { MAX_CHIPS, TextWithChips } from './TextWithChips.js';

afterEach(cleanup);

const repeatTo = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
const MIXED = 'abc \u202Eשלום\u202C \u200B\u200D😀👨‍👩‍👧 مرحبا \u2066x\u2069 ';

describe('odd text at any size', () => {
  it('a text with more chips than MAX_CHIPS shows them as escapes, in one text node', () => {
    const text = MIXED.repeat(MAX_CHIPS);
    const { container } = render(<TextWithChips text={text} />);
    expect(container.querySelectorAll('.chip-unsafe')).toHaveLength(0);
    expect(container.textContent).toBe(escapeUnsafeChars(text));
    // At the bound, each is still a chip.
    const few = '\u202E'.repeat(MAX_CHIPS);
    expect(render(<TextWithChips text={few} />).container.querySelectorAll('.chip-unsafe')).toHaveLength(MAX_CHIPS);
  });

  it('a comment over MAX_RENDERED_CHARS is shown as it is, in blocks, with few elements', async () => {
    await loadMarkdownRenderer();
    const text = repeatTo('- item *one* `two`\n', MAX_RENDERED_CHARS * 2);
    const { container } = render(<Markdown text={text} />);
    expect(container.querySelector('.markdown-plain')).not.toBeNull();
    expect(container.querySelectorAll('li')).toHaveLength(0);
    const blocks = container.querySelectorAll('.text-chunk');
    expect(blocks.length).toBeGreaterThan(1);
    expect(container.querySelectorAll('*').length).toBeLessThan(blocks.length + 10);
    expect(container.textContent).toBe(text);
  });

  it('a 1 MiB comment of mixed bidi, invisible and emoji text is a few hundred elements, its characters escaped', async () => {
    await loadMarkdownRenderer();
    const text = repeatTo(MIXED, 1024 * 1024 / 2);
    const { container } = render(<Markdown text={text} />);
    expect(container.querySelectorAll('*').length).toBeLessThan(1_000);
    expect(container.textContent).toBe(escapeUnsafeChars(text));
  });

  // Invariant: the pieces join to the text; none is empty; each is at most a few characters past 8 KiB unless it
  // runs on through characters that bind to what precedes them; no cut splits a surrogate pair or follows a joiner.
  it('chunkText cuts any text into pieces that join to it and never split a character or an emoji sequence (300 cases)', () => {
    const piece = fc.oneof(
      fc.constantFrom('\n', ' ', 'a', 'שלום', '😀', '👨‍👩‍👧', '\u202E', '\u200B', '\u200D', '\uFE0F', 'e\u0301', '🇫🇷', '👍🏽'),
      fc.string({ maxLength: 40 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 3000 }), fc.nat(20_000), (pieces, pad) => {
        const text = 'x'.repeat(pad) + pieces.join('');
        const chunks = chunkText(text);
        expect(chunks.join('')).toBe(text);
        let at = 0;
        for (const chunk of chunks.slice(0, -1)) {
          expect(chunk.length).toBeGreaterThan(0);
          at += chunk.length;
          const next = text.charCodeAt(at);
          expect(next >= 0xdc00 && next <= 0xdfff).toBe(false);
          expect(text.charCodeAt(at - 1)).not.toBe(0x200d);
          expect(next).not.toBe(0x200d);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a text up to LONG_TEXT_CHARS is one run', () => {
    const { container } = render(<LongText text={'a'.repeat(LONG_TEXT_CHARS)} />);
    expect(container.querySelectorAll('.text-chunk')).toHaveLength(0);
  });
});
