/**
 * POST /api/open-in-editor: the reviewer's editor opens a file of the diff
 * at a line (editor/openInEditor.ts). Behind the reviewer's credential like
 * every route of the table (the agent's gets 403, agentRoutes.ts): it starts
 * a program on the reviewer's machine. The request names only the file and
 * the line: the editor is redline's own choice, from its environment.
 */
import { dirname } from 'node:path';
import type { OpenInEditorBody } from '@redline/core';
import { RedlineError } from '../../errors.js';
import { openInEditor } from '../../editor/openInEditor.js';
import { readJsonBody, sendJson } from '../httpIo.js';
import type { ApiContext } from './apiContext.js';

export async function postOpenInEditor({ req, res, session }: ApiContext): Promise<void> {
  const body = readOpenInEditorBody(await readJsonBody(req));
  const file = await session.locateFile(body.path, body.fingerprint);
  const { editor } = await openInEditor(process.env, file, body.line, dirname(file));
  sendJson(req, res, 200, { editor });
}

function readOpenInEditorBody(raw: unknown): OpenInEditorBody {
  if (typeof raw !== 'object' || raw === null) throw new RedlineError('bad-request', 'expected { path, fingerprint, line }');
  const { path, fingerprint, line } = raw as Record<string, unknown>;
  if (typeof path !== 'string' || typeof fingerprint !== 'string') throw new RedlineError('bad-request', 'path and fingerprint must be strings');
  if (line !== null && !(typeof line === 'number' && Number.isInteger(line) && line >= 1)) {
    throw new RedlineError('bad-request', `line must be a line number from 1, or null; got ${JSON.stringify(line)}`);
  }
  return { path, fingerprint, line };
}
