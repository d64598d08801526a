/** Reading requests and writing responses: JSON bodies with a size cap, JSON and HTML answers, errors. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { ApiError } from '@redline/core';
import { httpStatusFor, isRedlineError, RedlineError } from '../errors.js';
import { escapeHtml } from '../html/escapeHtml.js';
import { decodeStrictUtf8 } from '../validation/strictUtf8.js';

/** The largest JSON body accepted (a review with many suggestions stays far below it). */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** JSON answers above this size are gzipped when the client accepts it (a 10 MB patch shrinks a lot). */
const COMPRESS_JSON_ABOVE = 64 * 1024;

/** A compressed form the server sends: brotli, which browsers take, or gzip. */
export type ContentCoding = 'br' | 'gzip';

/** br if the client takes it, else gzip, else null; `;q=0` refuses a coding. */
export function preferredEncoding(acceptEncoding: string): ContentCoding | null {
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    quality.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  return (['br', 'gzip'] as const).find((name) => (quality.get(name) ?? 0) > 0) ?? null;
}

/**
 * How much of an oversized body is read and dropped before the 413 is sent:
 * a client still sending when the connection closes sees a reset, not the
 * answer. Past this, the connection is cut.
 */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Reads a JSON body: `Content-Type: application/json` (else 415), at most
 * MAX_BODY_BYTES (else 413), valid UTF-8 and JSON (else 400). A client that
 * goes away mid-body is a bad request, not an internal error.
 */
export async function readJsonBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new RedlineError('unsupported-media-type', `request body must be application/json, got ${JSON.stringify(type || 'none')}`);
  }
  const body = await readBody(req, maxBytes);
  // Bodies must be UTF-8: a bad byte is refused, never turned into U+FFFD.
  const text = decodeStrictUtf8(body);
  if (text === null) throw new RedlineError('bad-request', 'request body is not valid UTF-8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RedlineError('bad-request', 'request body is not valid JSON');
  }
}

/** The body, at most maxBytes; a longer one is read to its end (up to DRAIN_LIMIT_BYTES) and dropped, so its 413 is read. */
async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new RedlineError('payload-too-large', `request body is larger than ${maxBytes} bytes`);
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > DRAIN_LIMIT_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > DRAIN_LIMIT_BYTES) throw tooLarge();
      if (total <= maxBytes && !(declared > maxBytes)) chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof RedlineError) throw error;
    throw new RedlineError('bad-request', 'the request body was cut short (the client went away)');
  }
  if (total > maxBytes || declared > maxBytes) throw tooLarge();
  return Buffer.concat(chunks, total);
}

export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  const text = Buffer.from(JSON.stringify(body), 'utf8');
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  if (text.length > COMPRESS_JSON_ABOVE && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    const compressed = gzipSync(text, { level: 4 });
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Content-Length', compressed.length);
    res.end(req.method === 'HEAD' ? undefined : compressed);
    return;
  }
  res.setHeader('Content-Length', text.length);
  res.end(req.method === 'HEAD' ? undefined : text);
}

/** An ApiError body with the status its code maps to. Unexpected errors become a generic 500. */
export function sendApiError(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  const known = isRedlineError(error) ? error : new RedlineError('internal', 'internal error; see the terminal running redline');
  const body: ApiError = { error: { code: known.code, message: known.message } };
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // The rest of an oversized body is never read; do not keep the connection.
  if (known.code === 'payload-too-large') res.setHeader('Connection', 'close');
  sendJson(req, res, httpStatusFor(known.code), body);
}

/** A small standalone HTML page (for the token exchange and refusals a person sees). */
export function sendHtmlPage(res: ServerResponse, status: number, title: string, message: string): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;line-height:1.5"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(html);
}

/** Plain text, for refusals that happen before we know who is asking (a forged Host). */
export function sendText(res: ServerResponse, status: number, message: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(message + '\n');
}

