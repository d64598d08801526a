/** GET /api/review[?whitespace=ignore] -> ReviewData, read from the repository now. */
import { sendJson } from '../httpIo.js';
import type { ApiContext } from './apiContext.js';

export async function getReview({ req, res, query, session }: ApiContext): Promise<void> {
  const data = await session.loadReview(query.get('whitespace') === 'ignore');
  sendJson(req, res, 200, data);
}
