/**
 * `redline open`'s routes: a fresh single-use review link, for the
 * reviewer's own terminal, or the review opened in the reviewer's browser.
 * Behind a credential of their own (the session's 0600 `opener-key`), which
 * no agent command reads: the agent's key is refused here like on every
 * other reviewer route (agent/agentRoutes.ts), so no agent surface ever
 * carries a link (docs/cli.md, "Who holds the link").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RedlineError } from '../../errors.js';
import { readJsonBody, sendApiError, sendJson } from '../httpIo.js';
import type { HeaderKey } from './headerKey.js';

export const OPENER_HEADER = 'x-redline-opener';

export const OPENER_API = {
  /** POST {} -> OpenerLink: a new single-use review link. */
  link: '/api/opener/link',
  /** POST {} -> OpenerBrowser: the review opened in the browser by a new link (never answered with the link). */
  browser: '/api/opener/browser',
} as const;

export interface OpenerLink {
  url: string;
}

export interface OpenerBrowser {
  opened: boolean;
}

export interface OpenerScope {
  key: HeaderKey;
  newReviewUrl(): string;
  /** Opens a link in the reviewer's browser (the server's launcher); false when no browser could be started. */
  openInBrowser(url: string): Promise<boolean>;
}

/** Answers the request if it is one of the opener's routes; false otherwise. */
export async function routeOpenerRequest(req: IncomingMessage, res: ServerResponse, path: string, scope: OpenerScope): Promise<boolean> {
  if (path !== OPENER_API.link && path !== OPENER_API.browser) return false;
  if (req.method !== 'POST') {
    sendApiError(req, res, new RedlineError('method-not-allowed', `${req.method ?? ''} is not allowed on ${path}`));
    return true;
  }
  if (!scope.key.accepts(req)) {
    sendApiError(req, res, new RedlineError('unauthorized', "this route is redline open's: it needs the session's opener key"));
    return true;
  }
  await readJsonBody(req);
  if (path === OPENER_API.link) sendJson(req, res, 200, { url: scope.newReviewUrl() } satisfies OpenerLink);
  else sendJson(req, res, 200, { opened: await scope.openInBrowser(scope.newReviewUrl()) } satisfies OpenerBrowser);
  return true;
}
