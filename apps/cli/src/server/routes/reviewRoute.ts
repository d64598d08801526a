/**
 * GET /api/review[?whitespace=ignore][&renames=on|off] -> ReviewData, read from the repository
 * now. The compressed answer was made while the diff was read (brotli, which
 * browsers take) or is made once on the first request that needs it (gzip),
 * so here it is only sent; a reload with nothing changed costs a state check
 * and the send. Concurrent requests share one state check and one encoding
 * of the answer (ReviewSession), and a client that takes no compression is
 * sent the one JSON buffer the session keeps, so memory does not grow with
 * the number of clients.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnswerCoding } from '../../review/reviewSnapshot.js';
import { preferredEncoding, sendJson } from '../httpIo.js';
import type { ApiContext } from './apiContext.js';

/** As in httpIo's sendJson: smaller answers go uncompressed. */
const COMPRESS_JSON_ABOVE = 64 * 1024;

export function getReview(context: ApiContext): Promise<void> {
  return answerReview(context, 0);
}

/**
 * The review answer; a reading confirmed at most `recentMs` ago is sent
 * without a new check (ReviewSession.loadReviewAnswer): the link's first
 * request, which shows the reading the first screen was drawn from.
 */
export async function answerReview({ req, res, query, session }: ApiContext, recentMs: number): Promise<void> {
  const ignoreWhitespace = query.get('whitespace') === 'ignore';
  const encoding = preferredEncoding(String(req.headers['accept-encoding'] ?? ''));
  const coding: AnswerCoding = encoding ?? 'identity';
  // The page's "pair moved files as renames" setting, as the page has it now: it says so in the query.
  const renames = query.get('renames');
  if (renames === 'on' || renames === 'off') session.setUntrackedRenames(renames === 'on');
  const answer = await session.loadReviewAnswer(ignoreWhitespace, coding, recentMs);
  if (answer.jsonBytes <= COMPRESS_JSON_ABOVE && coding !== 'identity') return sendJson(req, res, 200, answer.data);
  sendEncodedJson(req, res, coding, answer.body);
}

/** The headers sendJson writes, for an answer already encoded. */
function sendEncodedJson(req: IncomingMessage, res: ServerResponse, coding: AnswerCoding, body: Buffer): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
