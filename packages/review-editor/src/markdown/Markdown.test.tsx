// @vitest-environment jsdom
// Not happy-dom: under happy-dom 21 DOMPurify sanitizes nothing (a <script> and a javascript: href came out as they went in), so the sanitizer is only tested where it works, as in a browser.
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMarkdownRenderer, Markdown } from './Markdown.js';
import { MAX_DEPTH } from './markdownToReact.js';

afterEach(cleanup);

declare global {
  interface Window {
    __pwned?: number;
  }
}

/** Renders `text` and waits until the lazy renderer has drawn it. */
async function rendered(text: string): Promise<HTMLElement> {
  await loadMarkdownRenderer();
  const { container } = render(<Markdown text={text} />);
  return container.querySelector('.markdown') as HTMLElement;
}

/** Nothing in `root` can run script or fetch: no script/style/image/frame element, no on* attribute, no URL but http(s) and mailto. */
function expectInert(root: HTMLElement) {
  expect(root.querySelectorAll('script, style, img, iframe, object, embed, svg, math, form, input, video, audio, source, link, meta, base')).toHaveLength(0);
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const { name, value } of Array.from(element.attributes)) {
      expect(name.startsWith('on'), `${element.tagName} ${name}`).toBe(false);
      if (name === 'href' || name === 'src' || name === 'action' || name === 'formaction') expect(value).toMatch(/^(https?|mailto):/i);
    }
  }
}

function depthOf(element: Element): number {
  let deepest = 0;
  for (const child of Array.from(element.children)) deepest = Math.max(deepest, depthOf(child));
  return deepest + 1;
}

describe('Markdown: CommonMark, sanitized', () => {
  it('shows the text as it is until the renderer has loaded, then renders it', async () => {
    const { container } = render(<Markdown text={'**bold** and `code`'} />);
    const plain = container.querySelector('.markdown-plain');
    // First render of this test file: the lazy chunk cannot be here yet.
    expect(plain?.textContent).toBe('**bold** and `code`');
    await waitFor(() => expect(container.querySelector('strong')?.textContent).toBe('bold'));
    expect(container.querySelector('code')?.textContent).toBe('code');
  });

  it('drops <script>, onerror= and a javascript: link, and none of them runs', async () => {
    const root = await rendered('<script>window.__pwned=1</script>\n\n<img src=x onerror="window.__pwned=2">\n\n[x](javascript:window.__pwned=3) <a href="javascript:window.__pwned=4">y</a>');
    expectInert(root);
    for (const a of Array.from(root.querySelectorAll('a'))) a.click();
    expect(window.__pwned).toBeUndefined();
    expect(root.innerHTML).not.toMatch(/<(script|img)\b|<a [^>]*javascript:/i);
    // Raw HTML and the refused link are shown as the text they are.
    expect(root.textContent).toContain('<script>window.__pwned=1</script>');
    expect(root.textContent).toContain('[x](javascript:window.__pwned=3)');
  });

  it('drops data:, vbscript: and relative links, keeps http, https and mailto ones, opening in a new tab without opener or referrer', async () => {
    const root = await rendered('[d](data:text/html;base64,PHNjcmlwdD4=) [i](data:image/png;base64,iVBO) [v](vbscript:x) [r](docs/x.md) [f](#top) [h](http://a.example) [s](https://b.example) [m](mailto:c@d.example) <https://auto.example>');
    expectInert(root);
    const links = Array.from(root.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['http://a.example', 'https://b.example', 'mailto:c@d.example', 'https://auto.example']);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('shows nested and mutating HTML as text, and never shows an image (its alt text stands in)', async () => {
    const root = await rendered(
      [
        '<div><p><a href="https://ok.example" onclick="window.__pwned=5">ok</a><svg><script>window.__pwned=6</script></svg></p></div>',
        '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=7">',
        '<details open><summary>more</summary><iframe src="https://evil.example"></iframe><form action="https://evil.example"><input></form></details>',
        '![a diagram](https://example.com/d.png) ![local](./d.png)',
      ].join('\n\n'),
    );
    expectInert(root);
    expect(window.__pwned).toBeUndefined();
    expect(root.querySelectorAll('div, details')).toHaveLength(0);
    expect(root.textContent).toContain('<details open><summary>more</summary>');
    expect(root.textContent).toContain('[image: a diagram]');
    expect(root.textContent).toContain('[image: local]');
  });

  it('keeps showing bidi and invisible characters as chips inside rendered text', async () => {
    const root = await rendered('**a\u202Eb**');
    expect(root.querySelector('strong .chip-unsafe')?.textContent).toBe('U+202E');
  });

  it('renders a 100 KB comment with every word kept and its elements nested at most MAX_DEPTH deep; one nested past what markdown-it renders whole shows as it is', async () => {
    const quotes = (depth: number, word: string) => `${'> '.repeat(depth)}${word}\n\n`;
    const list = (depth: number) => `${Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- item${i}`).join('\n')}\n\n`;
    const body = quotes(20, 'quoted') + list(20) + `${'<div>'.repeat(5000)}nested${'</div>'.repeat(5000)}\n\n` + '*a **b '.repeat(3000);
    const text = `${body}\n\n${'word '.repeat((100_000 - body.length) / 5)}`;
    expect(text.length).toBeGreaterThanOrEqual(99_990);
    const root = await rendered(text);
    expect(root.classList.contains('markdown-plain')).toBe(false);
    expect(root.querySelectorAll('blockquote').length).toBe(20);
    for (const word of ['quoted', 'item19', 'nested']) expect(root.textContent).toContain(word);
    expect(depthOf(root)).toBeLessThanOrEqual(MAX_DEPTH + 2);
    cleanup();
    for (const deep of [quotes(5000, 'deep'), list(2000)]) {
      const plain = await rendered(`${deep}${'word '.repeat(20_000)}`);
      expect(plain.classList.contains('markdown-plain')).toBe(true);
      expect(plain.textContent).toBe(`${deep}${'word '.repeat(20_000)}`);
      cleanup();
    }
    // jsdom builds the DOM slowly on two shared cores; the bound checked is the shape above, not a time.
  }, 60_000);
});
