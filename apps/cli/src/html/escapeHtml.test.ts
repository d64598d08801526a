import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escapeHtml.js';

describe('escapeHtml', () => {
  it('escapes the five HTML specials, for text and quoted attributes, and nothing else', () => {
    expect(escapeHtml(`<a href="x?a=1&b='2'">é</a>`)).toBe('&lt;a href=&quot;x?a=1&amp;b=&#39;2&#39;&quot;&gt;é&lt;/a&gt;');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
