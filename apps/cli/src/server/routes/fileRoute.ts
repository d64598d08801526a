/** GET /api/file?path=&fingerprint= -> FileContentsData, or a refusal with a FileRefusalCode. */
import { sendJson } from '../httpIo.js';
import { requiredParam, type ApiContext } from './apiContext.js';

export async function getFile({ req, res, query, session }: ApiContext): Promise<void> {
  const path = requiredParam(query, 'path');
  const fingerprint = requiredParam(query, 'fingerprint');
  sendJson(req, res, 200, await session.readFile(path, fingerprint));
}
