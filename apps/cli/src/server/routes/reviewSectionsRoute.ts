/**
 * GET /api/review/sections?fingerprint=&from=&bytes= -> ReviewSectionsData: the
 * next sections of a paged review (docs/design/reviewInPages.md), in the one
 * file order, from the reading the session holds; 409 `changed` for a diff it
 * no longer holds. Behind the same checks as every review route.
 */
import { readPageRequest } from '../../review/reviewPages.js';
import { sendJson } from '../httpIo.js';
import { requiredParam, type ApiContext } from './apiContext.js';

export async function getReviewSections({ req, res, query, session }: ApiContext): Promise<void> {
  const fingerprint = requiredParam(query, 'fingerprint');
  const { from, bytes } = readPageRequest(query);
  sendJson(req, res, 200, session.reviewSections(fingerprint, from, bytes));
}
