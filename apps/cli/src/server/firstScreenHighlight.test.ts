import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadLineHighlighter, splitHighlightedLines } from './firstScreenHighlight.js';

/** The text of HTML with its tags taken away. */
const untagged = (html: string) => html.replace(/<[^>]*>/g, '');

/** Open spans minus closed ones, never below zero on the way: -1 if it dips. */
function balance(html: string): number {
  let depth = 0;
  for (const tag of html.match(/<\/?span[^>]*>/g) ?? []) {
    depth += tag.startsWith('</') ? -1 : 1;
    if (depth < 0) return -1;
  }
  return depth;
}

describe('splitHighlightedLines', () => {
  it('closes the spans open at a line end and opens them again on the next', () => {
    expect(splitHighlightedLines('a <span class="h-comment">/* x\ny */</span> b', 2)).toEqual(['a <span class="h-comment">/* x</span>', '<span class="h-comment">y */</span> b']);
    expect(splitHighlightedLines('<span class="h-a"><span class="h-b">1\n\n2</span></span>', 3)).toEqual([
      '<span class="h-a"><span class="h-b">1</span></span>',
      '<span class="h-a"><span class="h-b"></span></span>',
      '<span class="h-a"><span class="h-b">2</span></span>',
    ]);
  });

  it('refuses a result whose line count is not the one asked for, or a tag left open', () => {
    expect(splitHighlightedLines('a\nb', 3)).toBeNull();
    expect(splitHighlightedLines('a <span class="x"', 1)).toBeNull();
  });

  // Invariant: for any nesting of spans over any text (500 cases), every line
  // is balanced, and the lines' text is the input's text, line by line.
  it('keeps every line balanced and its text intact (property, 500 cases)', () => {
    const node: fc.Memo<string> = fc.memo((depth) =>
      depth <= 1
        ? fc.stringMatching(/^[a-z \n&;]{0,6}$/)
        : fc.oneof(
            fc.stringMatching(/^[a-z \n&;]{0,6}$/),
            fc.tuple(fc.constantFrom('h-a', 'h-b'), fc.array(node(depth - 1), { maxLength: 3 })).map(([cls, kids]) => `<span class="${cls}">${kids.join('')}</span>`),
          ),
    );
    fc.assert(
      fc.property(fc.array(node(4), { maxLength: 4 }), (parts) => {
        const html = parts.join('');
        const expected = untagged(html).split('\n');
        const lines = splitHighlightedLines(html, expected.length);
        expect(lines).not.toBeNull();
        expect(lines!.map(untagged)).toEqual(expected);
        for (const line of lines!) expect(balance(line)).toBe(0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the line highlighter', () => {
  it('knows a language by the file name, and leaves others plain', async () => {
    const highlighter = (await loadLineHighlighter())!;
    expect(highlighter.highlight('src/a.ts', ['const a = 1;'])).toEqual(['<span class="h-keyword">const</span> a = <span class="h-number">1</span>;']);
    expect(highlighter.highlight('Makefile', ['all: build'])![0]).toBe('<span class="h-section">all: build</span>');
    expect(highlighter.highlight('notes.txt', ['const a = 1;'])).toBeNull();
    expect(highlighter.highlight('LICENSE', ['const a = 1;'])).toBeNull();
    expect(highlighter.highlight('a.ts', [])).toBeNull();
  });

  it('escapes what it is given: markup in code stays text', async () => {
    const [line] = (await loadLineHighlighter())!.highlight('a.js', ['x = "</span><img src=x onerror=alert(1)>" & \'y\'']) ?? [];
    expect(line).toBe('x = <span class="h-string">&quot;&lt;/span&gt;&lt;img src=x onerror=alert(1)&gt;&quot;</span> &amp; <span class="h-string">&#x27;y&#x27;</span>');
  });
});
