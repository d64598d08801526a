/** GET /api/draft?fingerprint= -> DraftData | 404; PUT DraftData -> { ok: true }. */
import type { IncomingHttpHeaders } from 'node:http';
import { DRAFT_BASE_HEADER } from '@redline/core';
import { readDraft } from '../../drafts/readDraft.js';
import { readJsonBody, sendJson } from '../httpIo.js';
import { requiredParam, type ApiContext } from './apiContext.js';

export async function getDraft({ req, res, query, session }: ApiContext): Promise<void> {
  sendJson(req, res, 200, await session.loadDraft(requiredParam(query, 'fingerprint')));
}

export async function putDraft({ req, res, session }: ApiContext): Promise<void> {
  // Any version this redline reads: a page loaded before an upgrade still saves.
  const draft = readDraft(await readJsonBody(req));
  await session.saveDraft(draft, draftBase(req.headers[DRAFT_BASE_HEADER]));
  sendJson(req, res, 200, { ok: true });
}

/** The page's DRAFT_BASE_HEADER: the draft it builds on (null: none), or undefined when it sent none (no check). */
function draftBase(value: IncomingHttpHeaders[string]): string | null | undefined {
  if (value === undefined) return undefined;
  return value === 'none' ? null : String(value);
}
