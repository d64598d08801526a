/**
 * GET /api/review[?whitespace=ignore] -> ReviewData, read from the repository
 * now. The compressed answer was made while the diff was read (brotli, which
 * browsers take) or is made once on the first request that needs it (gzip),
 * so here it is only sent; a reload with nothing changed costs a state check
 * and the send.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReviewEncoding } from '../../review/reviewSnapshot.js';
import { sendJson } from '../httpIo.js';
import type { ApiContext } from './apiContext.js';

/** As in httpIo's sendJson: smaller answers go uncompressed. */
const COMPRESS_JSON_ABOVE = 64 * 1024;

export async function getReview({ req, res, query, session }: ApiContext): Promise<void> {
  const ignoreWhitespace = query.get('whitespace') === 'ignore';
  const encoding = preferredEncoding(String(req.headers['accept-encoding'] ?? ''));
  if (encoding === null) return sendJson(req, res, 200, await session.loadReview(ignoreWhitespace));
  const answer = await session.loadReviewAnswer(ignoreWhitespace, encoding);
  if (answer.jsonBytes <= COMPRESS_JSON_ABOVE) return sendJson(req, res, 200, answer.data);
  sendCompressedJson(req, res, encoding, answer.body);
}

/** br if the client takes it, else gzip, else null; `;q=0` refuses a coding. */
export function preferredEncoding(acceptEncoding: string): ReviewEncoding | null {
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    quality.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  return (['br', 'gzip'] as const).find((name) => (quality.get(name) ?? 0) > 0) ?? null;
}

/** The headers sendJson writes for a compressed answer. */
function sendCompressedJson(req: IncomingMessage, res: ServerResponse, encoding: ReviewEncoding, body: Buffer): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Encoding', encoding);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
