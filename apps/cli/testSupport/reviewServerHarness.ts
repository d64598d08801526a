/**
 * Starts a real review server on 127.0.0.1 over a real repository (or
 * patch) and signs in the way the page does: open the link, spend its token
 * at POST /api/session and keep the secret. `get`/`send` then call the API
 * as the page would, with the secret in `X-Redline-Session`. The
 * reviewer's preferences file is in a fresh temporary folder of its own
 * (removed on close) unless the test gives a store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PreferencesStore } from '../src/preferences/preferencesStore.js';
import { GitReviewSource } from '../src/review/gitReviewSource.js';
import { ReviewSession, type OutputFormat } from '../src/review/reviewSession.js';
import type { ReviewSource } from '../src/review/reviewSource.js';
import { startReviewServer, type ReviewServer } from '../src/server/startReviewServer.js';
import { findRepository } from '../src/git/findRepository.js';
import { resolveTarget, type GitTargetSpec } from '../src/git/resolveTarget.js';
import { httpCall, type HttpAnswer } from './httpClient.js';
import { signIn } from './browserSession.js';
import { makeStubAppDir } from './stubApp.js';

export interface Harness {
  server: ReviewServer;
  session: ReviewSession;
  preferences: PreferencesStore;
  port: number;
  origin: string;
  /** The session header (`x-redline-session`), ready to spread into a request's headers; empty when not signed in. */
  auth: Record<string, string>;
  /** What the server reported as internal errors (bugs): a test of bad input expects none. */
  internalErrors: unknown[];
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
  options: { format?: OutputFormat; appDir?: string; signIn?: boolean; preferences?: PreferencesStore; pageThreshold?: number } = {},
): Promise<Harness> {
  const session = new ReviewSession(source, options.format ?? 'markdown', undefined, options.pageThreshold);
  await session.loadReview();
  const internalErrors: unknown[] = [];
  const ownConfig = options.preferences ? null : mkdtempSync(join(tmpdir(), 'redline-prefs-'));
  const preferences = options.preferences ?? new PreferencesStore(join(ownConfig!, 'redline'));
  const server = await startReviewServer({ session, preferences, appDir: options.appDir ?? makeStubAppDir(), onInternalError: (error) => internalErrors.push(error) });
  const port = server.port;
  const auth = options.signIn === false ? {} : await signIn(server.reviewUrl);
  return {
    server,
    session,
    preferences,
    port,
    origin: server.origin,
    auth,
    internalErrors,
    get: (path, headers = {}) => httpCall({ port, path, headers: { ...auth, ...headers } }),
    send: (method, path, body, headers = {}) =>
      httpCall({
        port,
        method,
        path,
        headers: { ...auth, origin: server.origin, 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
      }),
    async close() {
      await server.close();
      if (ownConfig) rmSync(ownConfig, { recursive: true, force: true });
    },
  };
}
