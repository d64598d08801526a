/** GET /api/draft?fingerprint= -> DraftData | 404; PUT DraftData -> { ok: true }. */
import { readDraft } from '../../drafts/readDraft.js';
import { readJsonBody, sendJson } from '../httpIo.js';
import { requiredParam, type ApiContext } from './apiContext.js';

export async function getDraft({ req, res, query, session }: ApiContext): Promise<void> {
  sendJson(req, res, 200, await session.loadDraft(requiredParam(query, 'fingerprint')));
}

export async function putDraft({ req, res, session }: ApiContext): Promise<void> {
  // Any version this redline reads: a page loaded before an upgrade still saves.
  const draft = readDraft(await readJsonBody(req));
  await session.saveDraft(draft);
  sendJson(req, res, 200, { ok: true });
}
