/**
 * PUT /api/manual-pairs: the reviewer's pairs of a deleted and an added
 * file, each read as one renamed file from the next reading on
 * (review/applyManualPairs.ts). Behind the reviewer's credential like every
 * route of the table (the agent's gets 403). The body is checked here, once:
 * a list of distinct `{ from, to }` path pairs; a pair whose files are not a
 * deleted and an added file of the reading is left out by the reading.
 */
import type { ManualPair, ManualPairsBody } from '@redline/core';
import { RedlineError } from '../../errors.js';
import { readJsonBody, sendJson } from '../httpIo.js';
import type { ApiContext } from './apiContext.js';

/** More pairs than any review's files could need (a 2,000-file port pairs 1,000). */
const MAX_PAIRS = 10_000;

export async function putManualPairs({ req, res, session }: ApiContext): Promise<void> {
  const body = readManualPairsBody(await readJsonBody(req));
  session.setManualPairs(body.pairs);
  sendJson(req, res, 200, { ok: true });
}

export function readManualPairsBody(raw: unknown): ManualPairsBody {
  const pairs = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).pairs : undefined;
  if (!Array.isArray(pairs) || pairs.length > MAX_PAIRS) throw new RedlineError('bad-request', `expected { pairs: [{ from, to }] } with at most ${MAX_PAIRS} pairs`);
  const seen = new Set<string>();
  return {
    pairs: pairs.map((pair: unknown, i): ManualPair => {
      const { from, to } = (typeof pair === 'object' && pair !== null ? pair : {}) as Record<string, unknown>;
      if (typeof from !== 'string' || typeof to !== 'string' || from === '' || to === '' || from === to) {
        throw new RedlineError('bad-request', `pairs[${i}] must be { from, to }: two different non-empty paths`);
      }
      for (const path of [from, to]) {
        if (seen.has(path)) throw new RedlineError('bad-request', `pairs[${i}]: ${JSON.stringify(path)} is in another pair already`);
        seen.add(path);
      }
      return { from, to };
    }),
  };
}
