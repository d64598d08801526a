/**
 * GET /api/freshness?fingerprint= -> FreshnessData: does the repository still have the diff the page loaded?
 * With `wait=SECONDS` (1 to 25, Follow the agent live) a fresh answer waits for a change on disk first.
 */
import { RedlineError } from '../../errors.js';
import { sendJson } from '../httpIo.js';
import { requiredParam, type ApiContext } from './apiContext.js';

const MAX_WAIT_SECONDS = 25;

export async function getFreshness({ req, res, query, session }: ApiContext): Promise<void> {
  const fingerprint = requiredParam(query, 'fingerprint');
  const wait = query.get('wait');
  if (wait === null) return sendJson(req, res, 200, await session.freshness(fingerprint));
  const seconds = Number(wait);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_WAIT_SECONDS) {
    throw new RedlineError('bad-request', `wait must be a whole number of seconds from 1 to ${MAX_WAIT_SECONDS}`);
  }
  sendJson(req, res, 200, await session.freshnessAfterChange(fingerprint, seconds * 1000));
}
