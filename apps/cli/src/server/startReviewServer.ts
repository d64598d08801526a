/**
 * The local review server: node:http on 127.0.0.1 only, serving the built
 * page and the JSON API to one authenticated browser session. The order of
 * checks on every request:
 *   1. security headers (on every answer, refusals included);
 *   2. Host must be this server on a loopback name (DNS rebinding);
 *   3. an Origin, and any non-GET request, must be ours (cross-site requests);
 *   4. GET /?token= answers with the review page and its first screen while
 *      the single-use link is unspent (see openLink); the page's first
 *      script spends it at POST /api/session for the session secret
 *      (sessionAuth.ts says why a header, not a cookie);
 *   5. the agent's business (server/agent/agentRoutes.ts): /api/agent/* with
 *      the agent's own key, and a 403 for the agent's key anywhere else;
 *      then `redline open`'s routes with the opener's key (link/openerRoutes.ts);
 *   6. every other /api/* call needs the secret in `X-Redline-Session` and
 *      goes to the route table;
 *   7. / is the page without the diff (a reload: a navigation carries no
 *      credential, so it shows nothing of the review until the page's own
 *      authenticated request), the rest the built page's files, which hold
 *      nothing of the review either.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API, LINK_HEADER, SESSION_HEADER, type SessionGrant } from '@redline/core';
import { RedlineError } from '../errors.js';
import type { PreferencesStore } from '../preferences/preferencesStore.js';
import type { ReviewSession } from '../review/reviewSession.js';
import { sendApiError, sendHtmlPage, sendJson, sendText } from './httpIo.js';
import { OriginPolicy } from './originPolicy.js';
import type { AgentChannel } from './agent/agentChannel.js';
import { routeAgentRequest } from './agent/agentRoutes.js';
import type { ApiContext, ApiHandler } from './routes/apiContext.js';
import { findApiHandler } from './routes/apiRoutes.js';
import { CheckRunner } from '../check/checkRunner.js';
import { answerReview } from './routes/reviewRoute.js';
import { enforceHeaderDeadline } from './headerDeadline.js';
import { applySecurityHeaders } from './securityHeaders.js';
import { HeaderKey } from './link/headerKey.js';
import { describeLinkSpender, type LinkSpend } from './link/linkSpender.js';
import { OPENER_HEADER, routeOpenerRequest } from './link/openerRoutes.js';
import { SessionAuth } from './link/sessionAuth.js';
import { spentLinkNotice } from './link/spentLinkNotice.js';
import { FIRST_SCREEN_RECENT_MS, ReviewPage } from './reviewPage.js';
import { StaticApp } from './staticApp.js';

/**
 * A client gets 5 s to send its headers (headerDeadline.ts, and Node's own
 * check) and 60 s for a whole request (the largest body, 10 MiB, takes
 * milliseconds on loopback): with Node's defaults (60 s, checked every
 * 30 s) 150 slowloris connections stayed open 15 s and more (a slow
 * client must not hold the server). An idle kept-alive connection is closed after 10 s (Node's
 * 5 s raced with busy clients reusing it: bench/loadBench.mjs).
 */
const SERVER_LIMITS = { headersTimeout: 5_000, requestTimeout: 60_000, keepAliveTimeout: 10_000, connectionsCheckingInterval: 1_000, maxHeaderSize: 1024 * 1024 } as const;

/**
 * Cookies are shared by every port of 127.0.0.1, so any local page can fill
 * the browser's jar for this host: a dozen 3.9 KB cookies from a neighbour
 * passed Node's default 16 KB header limit, and every request was answered
 * 431 (the review could not be reloaded). The header limit is 1 MiB (a
 * browser sends at most about 180 cookies of 4 KB per host), and a Cookie
 * header longer than this is dropped unread. The server reads no cookie at
 * all: the reviewer's settings and name are preferences (PreferencesStore).
 */
const MAX_COOKIE_HEADER_CHARS = 8 * 1024;

export interface ReviewServerOptions {
  session: ReviewSession;
  /** The reviewer's preferences: injected into each page answer, written by PUT /api/preferences. */
  preferences: PreferencesStore;
  /** Directory of the built page (index.html, assets/). */
  appDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Called once, when the first link is spent (the launcher files stop forwarding); settles with when and by what. */
  onTokenSpent?: (spend: Promise<LinkSpend>) => void;
  /** Opens a new link in the reviewer's browser, for `redline open`; false when none could be started. */
  openInBrowser?: (url: string) => Promise<boolean>;
  /** Unexpected errors (bugs), for the terminal. Never called with request data. */
  onInternalError?: (error: unknown) => void;
  /** The agent of this session (redline start / wait / status / stop); without one, every agent route is refused. */
  agent?: AgentChannel;
}

export interface ReviewServer {
  port: number;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** The origin plus `/?token=…`: give it to the browser only. */
  reviewUrl: string;
  /** A fresh single-use review link for the same session (the old ones stay spent). */
  newReviewUrl(): string;
  /** `redline open`'s credential (written to the session's 0600 opener-key file); the agent never reads it. */
  openerKey: string;
  close(): Promise<void>;
}

export async function startReviewServer(options: ReviewServerOptions): Promise<ReviewServer> {
  const app = await StaticApp.load(options.appDir);
  const page = ReviewPage.fromApp(app);
  let guard: { auth: SessionAuth; policy: OriginPolicy; origin: string; port: number; newReviewUrl: () => string } | null = null;
  const opener = new HeaderKey(OPENER_HEADER);
  const checks = new CheckRunner();
  const server = createServer(SERVER_LIMITS, (req, res) => {
    if (!guard) return sendText(res, 503, 'Starting');
    handleRequest(req, res, { ...guard, app, page, options, opener, checks }).catch((error: unknown) => {
      reportInternalError(options, error);
      if (!res.headersSent) sendText(res, 500, 'Internal error');
      else res.destroy();
    });
  });
  enforceHeaderDeadline(server);
  const port = await listen(server, options.port ?? 0);
  const origin = `http://127.0.0.1:${port}`;
  const auth = new SessionAuth((spend) => options.onTokenSpent?.(spend));
  const newReviewUrl = () => `${origin}/?token=${auth.mintLinkToken()}`;
  guard = { auth, policy: new OriginPolicy(port), origin, port, newReviewUrl };
  page.warm(options);
  return {
    port,
    origin,
    reviewUrl: `${origin}/?token=${auth.urlToken}`,
    newReviewUrl,
    openerKey: opener.value,
    // A check still running ends with the review (its process group ended, its copy removed); the working tree is no longer watched.
    close: async () => {
      await checks.cancel();
      await options.session.stopWatching();
      await closeServer(server);
    },
  };
}

interface RequestScope {
  origin: string;
  port: number;
  newReviewUrl: () => string;
  auth: SessionAuth;
  policy: OriginPolicy;
  app: StaticApp;
  page: ReviewPage;
  options: ReviewServerOptions;
  opener: HeaderKey;
  checks: CheckRunner;
}

async function handleRequest(req: IncomingMessage, res: ServerResponse, scope: RequestScope): Promise<void> {
  const { auth, policy, app, page, options } = scope;
  applySecurityHeaders(res);
  if ((req.headers.cookie?.length ?? 0) > MAX_COOKIE_HEADER_CHARS) delete req.headers.cookie;
  if (hostHeaderCount(req) !== 1) return sendText(res, 400, 'Bad request: exactly one Host header is required');
  if (!policy.isAllowedHost(req)) return sendText(res, 403, 'Forbidden: this server only answers to 127.0.0.1, localhost and [::1] on its own port');
  if (!policy.isAllowedOrigin(req)) return sendText(res, 403, 'Forbidden: cross-origin requests are refused');

  const rawUrl = req.url ?? '';
  if (!rawUrl.startsWith('/')) return sendText(res, 400, 'Bad request');
  const queryStart = rawUrl.indexOf('?');
  const path = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const query = new URLSearchParams(queryStart === -1 ? '' : rawUrl.slice(queryStart + 1));

  if (path === '/' && query.has('token')) return openLink(req, res, scope, query.get('token') ?? '');
  const agentScope = { path, query, session: options.session, agent: options.agent ?? null, linkSpend: () => auth.firstLinkSpend() };
  if (await routeAgentRequest(req, res, agentScope)) return;
  const openInBrowser = options.openInBrowser ?? (async () => false);
  if (await routeOpenerRequest(req, res, path, { key: scope.opener, newReviewUrl: scope.newReviewUrl, openInBrowser })) return;
  if (path === API.session) return exchangeLink(req, res, scope, query);

  if (path.startsWith('/api/')) {
    if (!auth.hasSession(req)) return sendApiError(req, res, new RedlineError('unauthorized', "this browser is not signed in to the review; run 'redline open' in your terminal for a new review link"));
    const handler = findApiHandler(path, req.method ?? 'GET');
    if (handler === 'not-found') return sendApiError(req, res, new RedlineError('not-found', `no API endpoint ${path}`));
    if (handler === 'method-not-allowed') {
      return sendApiError(req, res, new RedlineError('method-not-allowed', `${req.method ?? ''} is not allowed on ${path}`));
    }
    return runApiHandler(handler, { req, res, query, session: options.session, preferences: options.preferences, checks: scope.checks }, options);
  }

  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed');
  if (path === '/' || path === '/index.html') return page.send(req, res, options, { cacheControl: 'no-cache', firstScreen: false });
  if (!app.serve(req, res, path)) sendText(res, 404, 'Not found');
}

/**
 * The review link is answered with the review page itself, its first screen
 * included, while the link is unspent: one navigation, and the diff painted
 * before the app runs. The page's first script spends the link at once
 * (exchangeLink) and takes it out of the address bar. Whoever spends it
 * first gets the session: a second browser that opens the same link sees
 * the diff's first screen at most until then, and never the review's
 * authority.
 */
async function openLink(req: IncomingMessage, res: ServerResponse, scope: RequestScope, token: string): Promise<void> {
  const { auth, page, options } = scope;
  if (req.method !== 'GET') return sendText(res, 405, 'Method not allowed');
  const state = auth.linkState(token);
  // The page at a URL that carried the token is never stored by a cache.
  if (state.kind === 'valid') return page.send(req, res, options, { cacheControl: 'no-store', firstScreen: true });
  if (state.kind === 'spent') {
    const notice = spentLinkNotice(await state.spend);
    return sendHtmlPage(res, 403, notice.title, notice.message);
  }
  sendHtmlPage(res, 403, 'This review link is not valid', "Use the exact link that redline opened or printed in your terminal, or run 'redline open' there for a new one.");
}

/**
 * POST /api/session with the link token in `X-Redline-Link`: the session
 * secret, once. With `?review=show|ignore` the answer is the review itself,
 * the secret in its `X-Redline-Session` header: chaining the review read
 * behind the exchange's answer put it behind the first screen's layout on
 * the page's main thread (L: the review request started 460-920 ms after
 * the exchange had answered, against 100-200 ms after navigation before
 * the exchange existed).
 */
async function exchangeLink(req: IncomingMessage, res: ServerResponse, scope: RequestScope, query: URLSearchParams): Promise<void> {
  if (req.method !== 'POST') return sendApiError(req, res, new RedlineError('method-not-allowed', `${req.method ?? ''} is not allowed on ${API.session}`));
  const token = req.headers[LINK_HEADER];
  const exchange = scope.auth.exchange(typeof token === 'string' ? token : '', () => describeLinkSpender(req, scope.port));
  if (exchange.outcome === 'reused') {
    const notice = spentLinkNotice(await exchange.spend);
    return sendApiError(req, res, new RedlineError('unauthorized', `${notice.title}. ${notice.message}`));
  }
  if (exchange.outcome === 'wrong') return sendApiError(req, res, new RedlineError('unauthorized', 'this review link is not valid'));
  const withReview = query.get('review');
  if (withReview !== 'show' && withReview !== 'ignore') return sendJson(req, res, 200, { session: exchange.secret } satisfies SessionGrant);
  // Granted either way: should the review fail, the page has the secret from this header and asks again.
  res.setHeader(SESSION_HEADER, exchange.secret);
  const reviewQuery = new URLSearchParams(withReview === 'ignore' ? { whitespace: 'ignore' } : {});
  // The first screen was drawn from the reading kept at most FIRST_SCREEN_RECENT_MS ago: the page gets the same one, without a second check (its poller checks once the diff is live).
  await runApiHandler((context) => answerReview(context, FIRST_SCREEN_RECENT_MS), { req, res, query: reviewQuery, session: scope.options.session, preferences: scope.options.preferences, checks: scope.checks }, scope.options);
}

/** Runs an API handler; a failure is answered as an ApiError, an unexpected one reported too. */
async function runApiHandler(handler: ApiHandler, context: ApiContext, options: ReviewServerOptions): Promise<void> {
  const { req, res } = context;
  try {
    await handler(context);
  } catch (error) {
    if (!(error instanceof RedlineError) || error.code === 'internal') reportInternalError(options, error);
    sendApiError(req, res, error);
  }
}

/** Reports an unexpected error; a report that fails itself (its log on a full disk) never takes the server down. */
function reportInternalError(options: ReviewServerOptions, error: unknown): void {
  try {
    options.onInternalError?.(error);
  } catch {
    // the answer already says it failed; nothing more can be done
  }
}

/** Node keeps only the first of several Host headers; RFC 9112 asks for a 400 instead. */
function hostHeaderCount(req: IncomingMessage): number {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === 'host') count++;
  return count;
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
