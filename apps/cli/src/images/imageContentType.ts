/**
 * What a picture's bytes are, decided by the server from the bytes alone
 * (never from its name): the file's name only says which files to ask for (the core's
 * isImageFile). PNG, JPEG, GIF and WebP by their magic numbers; SVG only
 * when the text is SVG: UTF-8 whose first element, after an XML
 * declaration, comments and a doctype, is `<svg`. Anything else (HTML named
 * `.png`) is null: never sent as a picture.
 */
import type { ImageKind } from '@redline/core';
import { decodeUtf8 } from '../files/readTextFile.js';

export interface ImageType {
  kind: ImageKind;
  contentType: string;
}

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) => magic.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const RASTERS: readonly { kind: ImageKind; contentType: string; is(bytes: Uint8Array): boolean }[] = [
  { kind: 'png', contentType: 'image/png', is: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { kind: 'jpeg', contentType: 'image/jpeg', is: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { kind: 'gif', contentType: 'image/gif', is: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')) },
  { kind: 'webp', contentType: 'image/webp', is: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8) },
];

/** The XML prolog an SVG may open with: a BOM, whitespace, `<?xml …?>`, comments, a doctype (without an internal subset). */
const SVG_START_RE = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE\s+svg[^>[]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i;
/** Enough of the text to see its first element past a long licence comment. */
const SVG_PROBE_CHARS = 64 * 1024;

export function imageContentType(bytes: Uint8Array): ImageType | null {
  const raster = RASTERS.find((candidate) => candidate.is(bytes));
  if (raster) return { kind: raster.kind, contentType: raster.contentType };
  const text = decodeUtf8(bytes);
  if (text !== null && SVG_START_RE.test(text.slice(0, SVG_PROBE_CHARS))) return { kind: 'svg', contentType: 'image/svg+xml' };
  return null;
}
