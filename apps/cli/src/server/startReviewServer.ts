/**
 * The local review server: node:http on 127.0.0.1 only, serving the built
 * page and the JSON API to one authenticated browser session. The order of
 * checks on every request:
 *   1. security headers (on every answer, refusals included);
 *   2. Host must be this server on a loopback name (DNS rebinding);
 *   3. an Origin, and any non-GET request, must be ours (cross-site requests);
 *   4. GET /?token= swaps the single-use URL token for the session cookie
 *      and answers with the page itself (see exchangeToken);
 *   5. everything else needs the session cookie;
 *   6. /api/* goes to the route table, / to the review page (with the
 *      diff's first screen: reviewPage.ts), the rest to the built page's files.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RedlineError } from '../errors.js';
import type { ReviewSession } from '../review/reviewSession.js';
import { sendApiError, sendHtmlPage, sendText } from './httpIo.js';
import { OriginPolicy } from './originPolicy.js';
import { findApiHandler } from './routes/apiRoutes.js';
import { applySecurityHeaders } from './securityHeaders.js';
import { SessionAuth } from './sessionAuth.js';
import { ReviewPage } from './reviewPage.js';
import { StaticApp } from './staticApp.js';

export interface ReviewServerOptions {
  session: ReviewSession;
  /** Directory of the built page (index.html, assets/). */
  appDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Called once, when the browser has exchanged the URL token (the launcher file can go). */
  onTokenSpent?: () => void;
  /** Unexpected errors (bugs), for the terminal. Never called with request data. */
  onInternalError?: (error: unknown) => void;
}

export interface ReviewServer {
  port: number;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** The origin plus `/?token=…`: give it to the browser only. */
  reviewUrl: string;
  close(): Promise<void>;
}

export async function startReviewServer(options: ReviewServerOptions): Promise<ReviewServer> {
  const app = await StaticApp.load(options.appDir);
  const page = ReviewPage.fromApp(app);
  let guard: { auth: SessionAuth; policy: OriginPolicy } | null = null;
  const server = createServer((req, res) => {
    if (!guard) return sendText(res, 503, 'Starting');
    handleRequest(req, res, { ...guard, app, page, options }).catch((error: unknown) => {
      options.onInternalError?.(error);
      if (!res.headersSent) sendText(res, 500, 'Internal error');
      else res.destroy();
    });
  });
  const port = await listen(server, options.port ?? 0);
  guard = { auth: new SessionAuth(port, options.onTokenSpent), policy: new OriginPolicy(port) };
  page.warm(options.session);
  const origin = `http://127.0.0.1:${port}`;
  return {
    port,
    origin,
    reviewUrl: `${origin}/?token=${guard.auth.urlToken}`,
    close: () => closeServer(server),
  };
}

interface RequestScope {
  auth: SessionAuth;
  policy: OriginPolicy;
  app: StaticApp;
  page: ReviewPage;
  options: ReviewServerOptions;
}

async function handleRequest(req: IncomingMessage, res: ServerResponse, scope: RequestScope): Promise<void> {
  const { auth, policy, app, page, options } = scope;
  applySecurityHeaders(res);
  if (!policy.isAllowedHost(req)) return sendText(res, 403, 'Forbidden: this server only answers to 127.0.0.1, localhost and [::1] on its own port');
  if (!policy.isAllowedOrigin(req)) return sendText(res, 403, 'Forbidden: cross-origin requests are refused');

  const rawUrl = req.url ?? '';
  if (!rawUrl.startsWith('/')) return sendText(res, 400, 'Bad request');
  const queryStart = rawUrl.indexOf('?');
  const path = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const query = new URLSearchParams(queryStart === -1 ? '' : rawUrl.slice(queryStart + 1));

  if (path === '/' && query.has('token')) return exchangeToken(req, res, scope, query);

  const isApi = path.startsWith('/api/');
  if (!auth.hasSession(req)) {
    if (isApi) return sendApiError(req, res, new RedlineError('unauthorized', 'no review session; open the review link redline printed'));
    return sendHtmlPage(res, 401, 'Not signed in to this review', 'Open the review with the link that redline printed in your terminal.');
  }

  if (isApi) {
    const handler = findApiHandler(path, req.method ?? 'GET');
    if (handler === 'not-found') return sendApiError(req, res, new RedlineError('not-found', `no API endpoint ${path}`));
    if (handler === 'method-not-allowed') {
      return sendApiError(req, res, new RedlineError('method-not-allowed', `${req.method ?? ''} is not allowed on ${path}`));
    }
    try {
      await handler({ req, res, query, session: options.session });
    } catch (error) {
      if (!(error instanceof RedlineError) || error.code === 'internal') options.onInternalError?.(error);
      sendApiError(req, res, error);
    }
    return;
  }

  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed');
  if (path === '/' || path === '/index.html') return page.send(req, res, options.session, 'no-cache');
  if (!app.serve(req, res, path)) sendText(res, 404, 'Not found');
}

/**
 * The token exchange answers with the review page itself, the session cookie
 * set on that answer: one round trip (the page's first requests already
 * carry the cookie: same-site, from the page's own origin), and the page's
 * first script replaces the spent token in the address bar with `/`. Not a
 * 303: when the review is opened from the launcher file (a file:// page, so
 * a cross-site navigation), Chromium does not send a SameSite=Strict cookie
 * on a redirect within that navigation. (A page of its own that moved on to
 * `/` cost a second navigation: about 0.15 s of every first paint.)
 */
function exchangeToken(req: IncomingMessage, res: ServerResponse, scope: RequestScope, query: URLSearchParams): void {
  const { auth, page, options } = scope;
  if (req.method !== 'GET') return sendText(res, 405, 'Method not allowed');
  const outcome = auth.exchange(query.get('token') ?? '');
  // The page at a URL that carried the token is never stored by a cache.
  if (outcome === 'accepted') {
    res.setHeader('Set-Cookie', auth.sessionCookie());
    return page.send(req, res, options.session, 'no-store');
  }
  if (auth.hasSession(req)) return page.send(req, res, options.session, 'no-store');
  if (outcome === 'reused') {
    return sendHtmlPage(
      res,
      403,
      'This review link has already been used',
      'Each review link works once, in the browser that opened it first. Go back to that tab (or open / in it), or stop redline and run it again for a new link.',
    );
  }
  sendHtmlPage(res, 403, 'This review link is not valid', 'Use the exact link that redline printed in your terminal.');
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new RedlineError('port-in-use', `port ${port} on 127.0.0.1 is already in use; pick another with --port or leave it out`)
          : new RedlineError('internal', `could not listen on 127.0.0.1:${port}: ${error.message}`),
      );
    });
    server.listen({ host: '127.0.0.1', port }, () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
