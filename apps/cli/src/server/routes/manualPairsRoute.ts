/**
 * PUT /api/manual-pairs: the reviewer's pairs of a deleted and an added
 * file, each read as one renamed file from the next reading on
 * (review/applyManualPairs.ts). Behind the reviewer's credential like every
 * route of the table (the agent's gets 403). The body is checked here, once
 * (readManualPairsBody): a list of distinct `{ from, to }` path pairs; a pair whose files are not a
 * deleted and an added file of the reading is left out by the reading.
 * The list is kept for the change on disk (review/manualPairsFile.ts)
 * before the answer, so a restarted redline reads the same pairs.
 */
import { readManualPairsBody } from '../../review/manualPairsFile.js';
import { readJsonBody, sendJson } from '../httpIo.js';
import type { ApiContext } from './apiContext.js';

export async function putManualPairs({ req, res, session }: ApiContext): Promise<void> {
  const body = readManualPairsBody(await readJsonBody(req));
  await session.setManualPairs(body.pairs);
  sendJson(req, res, 200, { ok: true });
}
