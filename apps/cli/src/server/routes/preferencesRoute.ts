/** PUT /api/preferences Preferences -> { ok: true }: the page's settings, layout and name, into the user's preferences file. */
import { readPreferences } from '@redline/core';
import { RedlineError } from '../../errors.js';
import { readJsonBody, sendJson } from '../httpIo.js';
import type { ApiContext } from './apiContext.js';

export async function putPreferences({ req, res, preferences }: ApiContext): Promise<void> {
  const read = readPreferences(await readJsonBody(req));
  // The page sends every field; a wrong one is refused, never written as its default.
  if (read.problems.length > 0) throw new RedlineError('bad-request', `preferences refused: ${read.problems.join('; ')}`);
  await preferences.write(read.preferences);
  sendJson(req, res, 200, { ok: true });
}
