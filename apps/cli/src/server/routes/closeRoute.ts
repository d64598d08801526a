/** POST /api/close {} -> { ok: true }: the reviewer ends the review without feedback. */
import { readJsonBody, sendJson } from '../httpIo.js';
import { readObject } from '../../validation/fields.js';
import type { ApiContext } from './apiContext.js';

export async function postClose({ req, res, session }: ApiContext): Promise<void> {
  readObject(await readJsonBody(req), 'body');
  const { finish } = session.close();
  res.once('close', finish);
  sendJson(req, res, 200, { ok: true });
}
