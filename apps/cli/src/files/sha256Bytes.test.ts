import { describe, expect, it } from 'vitest';
import { sha256Hex } from '@redline/core';
import { sha256Bytes } from './sha256Bytes.js';

describe('sha256Bytes', () => {
  it('gives the core sha256Hex hex, for empty, ASCII, multi-byte and block-edge input', () => {
    const inputs = ['', 'abc', 'é😀\u0000\r\n', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64), 'y'.repeat(100_000)];
    for (const text of inputs) {
      const bytes = Buffer.from(text, 'utf8');
      expect(sha256Bytes(bytes), JSON.stringify(text.slice(0, 10))).toBe(sha256Hex(bytes));
    }
  });
});
