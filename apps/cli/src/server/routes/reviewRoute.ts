/**
 * GET /api/review[?whitespace=ignore] -> ReviewData, read from the repository
 * now. The compressed answer was made while the diff was read (brotli, which
 * browsers take) or is made once on the first request that needs it (gzip),
 * so here it is only sent; a reload with nothing changed costs a state check
 * and the send.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReviewEncoding } from '../../review/reviewSnapshot.js';
import { preferredEncoding, sendJson } from '../httpIo.js';
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
