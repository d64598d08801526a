/**
 * GET /api/image?path=&fingerprint=&side=old|new -> one side of a picture of
 * the diff, with the content type decided from the bytes
 * (images/imageContentType.ts), never from the name. Every response already
 * carries `X-Content-Type-Options: nosniff`; a picture's own CSP forbids
 * everything but inline style and sandboxes it, so an SVG opened by itself
 * (not through the page's `<img>`) runs no script and loads nothing.
 */
import { RedlineError } from '../../errors.js';
import { imageContentType } from '../../images/imageContentType.js';
import type { ImageSide } from '../../review/readImageBytes.js';
import { requiredParam, type ApiContext } from './apiContext.js';

export const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export async function getImage({ req, res, query, session }: ApiContext): Promise<void> {
  const path = requiredParam(query, 'path');
  const fingerprint = requiredParam(query, 'fingerprint');
  const side = imageSide(requiredParam(query, 'side'));
  const bytes = await session.readImage(path, fingerprint, side);
  const type = imageContentType(bytes);
  if (!type) throw new RedlineError('not-image', `${path} (${side} side) is not a PNG, JPEG, GIF, WebP or SVG picture, whatever its name says`);
  res.statusCode = 200;
  res.setHeader('Content-Type', type.contentType);
  res.setHeader('Content-Security-Policy', IMAGE_CSP);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', bytes.length);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

function imageSide(value: string): ImageSide {
  if (value === 'old' || value === 'new') return value;
  throw new RedlineError('bad-request', `query parameter 'side' must be old or new, got ${JSON.stringify(value)}`);
}
