/**
 * Starts a real review server on 127.0.0.1 over a real repository (or
 * patch) and signs in the way the browser does: GET /?token= and keep the
 * cookie. `api()` then calls the API as the page would.
 */
import { GitReviewSource } from '../src/review/gitReviewSource.js';
import { ReviewSession, type OutputFormat } from '../src/review/reviewSession.js';
import type { ReviewSource } from '../src/review/reviewSource.js';
import { startReviewServer, type ReviewServer } from '../src/server/startReviewServer.js';
import { findRepository } from '../src/git/findRepository.js';
import { resolveTarget, type GitTargetSpec } from '../src/git/resolveTarget.js';
import { httpCall, type HttpAnswer } from './httpClient.js';
import { makeStubAppDir } from './stubApp.js';

export interface Harness {
  server: ReviewServer;
  session: ReviewSession;
  port: number;
  origin: string;
  /** `name=value` of the session cookie, ready for a Cookie header. */
  cookie: string;
  get(path: string, headers?: Record<string, string>): Promise<HttpAnswer>;
  send(method: string, path: string, body: unknown, headers?: Record<string, string>): Promise<HttpAnswer>;
  close(): Promise<void>;
}

export async function gitSource(dir: string, spec: GitTargetSpec = { kind: 'working-tree' }): Promise<GitReviewSource> {
  const repository = await findRepository(dir);
  return new GitReviewSource(repository, await resolveTarget(repository.root, spec));
}

export async function startHarness(
  source: ReviewSource,
  options: { format?: OutputFormat; appDir?: string; signIn?: boolean } = {},
): Promise<Harness> {
  const session = new ReviewSession(source, options.format ?? 'markdown');
  await session.loadReview();
  const server = await startReviewServer({ session, appDir: options.appDir ?? makeStubAppDir() });
  const port = server.port;
  let cookie = '';
  if (options.signIn !== false) {
    const answer = await httpCall({ port, path: new URL(server.reviewUrl).pathname + new URL(server.reviewUrl).search });
    const setCookie = answer.headers['set-cookie']?.[0] ?? '';
    cookie = setCookie.split(';')[0] ?? '';
  }
  return {
    server,
    session,
    port,
    origin: server.origin,
    cookie,
    get: (path, headers = {}) => httpCall({ port, path, headers: { cookie, ...headers } }),
    send: (method, path, body, headers = {}) =>
      httpCall({
        port,
        method,
        path,
        headers: { cookie, origin: server.origin, 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    close: () => server.close(),
  };
}
