/** What an API route handler gets: the request, the response, the query, the review it serves, the reviewer's preferences and the review's check runs. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CheckRunner } from '../../check/checkRunner.js';
import { RedlineError } from '../../errors.js';
import type { PreferencesStore } from '../../preferences/preferencesStore.js';
import type { ReviewSession } from '../../review/reviewSession.js';

export interface ApiContext {
  req: IncomingMessage;
  res: ServerResponse;
  query: URLSearchParams;
  session: ReviewSession;
  /** The reviewer's preferences file. */
  preferences: PreferencesStore;
  /** The review's check before sending (one run at a time). */
  checks: CheckRunner;
}

export type ApiHandler = (context: ApiContext) => Promise<void>;

/** One query parameter, required and given once (a repeated parameter is refused, not guessed at). */
export function requiredParam(query: URLSearchParams, name: string): string {
  const values = query.getAll(name);
  if (values.length !== 1) {
    throw new RedlineError('bad-request', values.length === 0 ? `missing query parameter '${name}'` : `query parameter '${name}' given more than once`);
  }
  return values[0]!;
}
