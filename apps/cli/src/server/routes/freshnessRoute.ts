/** GET /api/freshness?fingerprint= -> FreshnessData: does the repository still have the diff the page loaded? */
import { sendJson } from '../httpIo.js';
import { requiredParam, type ApiContext } from './apiContext.js';

export async function getFreshness({ req, res, query, session }: ApiContext): Promise<void> {
  sendJson(req, res, 200, await session.freshness(requiredParam(query, 'fingerprint')));
}
