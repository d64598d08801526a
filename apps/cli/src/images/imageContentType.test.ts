import { describe, expect, test } from 'vitest';
import { imageContentType } from './imageContentType.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('imageContentType', () => {
  test('rasters by their magic numbers', () => {
    expect(imageContentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.contentType).toBe('image/png');
    expect(imageContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.contentType).toBe('image/jpeg');
    expect(imageContentType(bytes('GIF89a....'))?.contentType).toBe('image/gif');
    expect(imageContentType(bytes('RIFF\u0010\u0000\u0000\u0000WEBPVP8 '))?.contentType).toBe('image/webp');
  });
  test('SVG only when its first element is <svg>, after a prolog', () => {
    expect(imageContentType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))?.kind).toBe('svg');
    expect(imageContentType(bytes('\uFEFF<?xml version="1.0"?>\n<!-- (c) -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>'))?.kind).toBe('svg');
  });
  test('HTML, text that mentions <svg later, and a truncated PNG signature are no picture', () => {
    expect(imageContentType(bytes('<!doctype html><html><script>alert(1)</script>'))).toBeNull();
    expect(imageContentType(bytes('<html><svg></svg></html>'))).toBeNull();
    expect(imageContentType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(imageContentType(Buffer.from([0xc3, 0x28]))).toBeNull();
  });
});
