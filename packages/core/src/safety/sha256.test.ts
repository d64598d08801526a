import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex, utf8Bytes } from './sha256.js';

describe('sha256Hex', () => {
  it('matches node:crypto on boundary lengths and unicode', () => {
    const inputs = ['', 'abc', 'lone \uD800 surrogate', 'é'.repeat(40), '\u{1F600}'.repeat(20), 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'a'.repeat(1000), 'héllo \u202E wörld 🎉'];
    for (const s of inputs) expect(sha256Hex(s)).toBe(createHash('sha256').update(s, 'utf8').digest('hex'));
  });
  it('hashes bytes as given', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x00, 0xff, 0x0d, 0x0a]);
    expect(sha256Hex(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});

describe('utf8Bytes', () => {
  it('encodes like TextEncoder, lone surrogates included', () => {
    for (const s of ['', 'ascii', 'é€𝄞', '\uD800x', 'x\uDC00', '\uFEFF\u202E']) {
      expect(Array.from(utf8Bytes(s))).toEqual(Array.from(new TextEncoder().encode(s)));
    }
  });
});
