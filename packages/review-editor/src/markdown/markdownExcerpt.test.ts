import { describe, expect, it } from 'vitest';
import { markdownExcerpt } from './markdownExcerpt.js';

describe('markdownExcerpt: a comment as the sidebar lists it', () => {
  it.each([
    ['Use `value` here, **any** is wrong:\n- one\n- two', 'Use value here, any is wrong:'],
    ['- first item\n- second', 'first item'],
    ['## A heading', 'A heading'],
    ['> quoted *words*', 'quoted words'],
    ['1. numbered', 'numbered'],
    ['\n\n```ts\nconst a = 1;\n```', 'const a = 1;'],
    ['see [the docs](https://example.com/x_y) now', 'see the docs now'],
    ['keep snake_case and a * b', 'keep snake_case and a * b'],
    ['__strong__ _em_', 'strong em'],
    ['', ''],
  ])('%j reads %j', (text, words) => {
    expect(markdownExcerpt(text)).toBe(words);
  });

  it('is one pass over hostile text: 100,000 link openers and markers finish within the test timeout (a quadratic scan would not)', () => {
    expect(markdownExcerpt('[' + ']('.repeat(100_000) + '*_`'.repeat(100_000)).startsWith('](')).toBe(true);
  });
});
