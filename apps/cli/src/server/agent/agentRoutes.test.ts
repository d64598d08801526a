/**
 * The agent's credential and its boundary, against a real server over a
 * real repository: every reviewer route tried with the agent's key (alone,
 * wrong, or beside the reviewer's own secret) is refused with 403 and changes
 * nothing; every agent route without the agent's key (none, a wrong one, the
 * reviewer's secret instead) is refused with 401 and does nothing; with its
 * key the agent reads status, waits and stops, and that is all.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API, LINK_HEADER, type DraftData, type ReviewData } from '@redline/core';
import { makeRepo, type TestRepo } from '../../../testSupport/gitRepo.js';
import { httpCall, type HttpAnswer } from '../../../testSupport/httpClient.js';
import { signIn } from '../../../testSupport/browserSession.js';
import { gitSource } from '../../../testSupport/reviewServerHarness.js';
import { makeStubAppDir } from '../../../testSupport/stubApp.js';
import { ReviewSession } from '../../review/reviewSession.js';
import { PreferencesStore } from '../../preferences/preferencesStore.js';
import { startReviewServer, type ReviewServer } from '../startReviewServer.js';
import { API_ROUTES } from '../routes/apiRoutes.js';
import { AGENT_API, AGENT_HEADER, AGENT_WAIT_MAX_MS, type AgentStatusAnswer } from './agentApi.js';
import { AgentChannel } from './agentChannel.js';

let repo: TestRepo;
let session: ReviewSession;
let agent: AgentChannel;
let server: ReviewServer;
let review: ReviewData;

beforeEach(async () => {
  repo = makeRepo({ commit: { 'a.txt': 'one\n' } });
  repo.write('a.txt', 'two\n');
  session = new ReviewSession(await gitSource(repo.dir), 'markdown');
  review = await session.loadReview();
  agent = new AgentChannel();
  server = await startReviewServer({ session, agent, preferences: PreferencesStore.forEnv(process.env), appDir: makeStubAppDir() });
});
afterEach(async () => {
  await server.close();
  repo.cleanup();
});

const call = (method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<HttpAnswer> =>
  httpCall({
    port: server.port,
    method,
    path,
    headers: { origin: server.origin, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const agentKey = () => ({ [AGENT_HEADER]: agent.key });

/** A valid body for each reviewer route, so a refusal is the credential's doing, not the body's. */
function reviewerBody(path: string): unknown {
  if (path === API.questions) return { anchor: { scope: 'review' }, text: 'Why?' };
  if (path === API.feedback) return { verdict: 'approve', summary: 'looks good', annotations: [] };
  if (path === API.draft) {
    return { version: 1, fingerprint: review.fingerprint, annotations: [], viewed: {}, verdict: 'approve', summary: 's', updatedAt: '2026-01-01T00:00:00.000Z' } satisfies DraftData;
  }
  return {};
}

/** Every reviewer route and method in the route table (a route added later is covered too), plus the sign-in. */
function reviewerActs(): { method: string; path: string }[] {
  const acts = [...API_ROUTES].flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method, path })));
  return [...acts, { method: 'POST', path: API.session }];
}

async function expectNothingChanged(): Promise<void> {
  expect(session.isEnded).toBe(false);
  expect(existsSync(join(repo.dir, '.git', 'redline', 'drafts', `${review.fingerprint}.json`))).toBe(false);
  // The link is unspent: the reviewer can still sign in, and then finds no draft.
  const auth = await signIn(server.reviewUrl);
  expect((await call('GET', `${API.draft}?fingerprint=${review.fingerprint}`, auth)).status).toBe(404);
}

describe("the agent's credential grants only the agent's rights", () => {
  it('every reviewer act tried with the agent key is refused with 403, whatever else the request carries, and changes nothing', async () => {
    const token = new URL(server.reviewUrl).searchParams.get('token')!;
    const acts = reviewerActs();
    // Opening the reviewer's editor (a file header, a line's menu, o) and pairing files by hand are the reviewer's acts too.
    expect(acts.map((act) => `${act.method} ${act.path}`)).toEqual(expect.arrayContaining([`POST ${API.feedback}`, `POST ${API.close}`, `PUT ${API.draft}`, `POST ${API.questions}`, `POST ${API.openInEditor}`, `PUT ${API.manualPairs}`]));
    for (const { method, path } of acts) {
      const query = method === 'GET' ? `?fingerprint=${review.fingerprint}&path=a.txt` : '';
      for (const extra of [{}, { [LINK_HEADER]: token }, { [AGENT_HEADER]: 'f'.repeat(64) }]) {
        // A DELETE carries no body (Node's client would send one unframed).
        const answer = await call(method, path + query, { ...agentKey(), ...extra }, method === 'GET' || method === 'DELETE' ? undefined : reviewerBody(path));
        expect(answer.status, `${method} ${path}`).toBe(403);
      }
    }
    await expectNothingChanged();
  });

  it("the agent key beside the reviewer's own secret still sends nothing: the agent's header is never the reviewer's", async () => {
    const auth = await signIn(server.reviewUrl);
    for (const path of [API.feedback, API.close]) expect((await call('POST', path, { ...auth, ...agentKey() }, reviewerBody(path))).status).toBe(403);
    expect((await call('PUT', API.draft, { ...auth, ...agentKey() }, reviewerBody(API.draft))).status).toBe(403);
    expect(session.isEnded).toBe(false);
    // The same secret without the agent header is the reviewer, as always.
    expect((await call('POST', API.close, auth, {})).status).toBe(200);
  });

  it("every agent route is refused with 401 without the agent key: none, a wrong one, or the reviewer's secret", async () => {
    const auth = await signIn(server.reviewUrl);
    const stopRequested = Promise.race([agent.stopRequested.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 300))]);
    for (const headers of [{}, { [AGENT_HEADER]: 'f'.repeat(64) }, { [AGENT_HEADER]: '' }, auth]) {
      expect((await call('GET', AGENT_API.status, headers)).status).toBe(401);
      expect((await call('GET', `${AGENT_API.wait}?timeout=0`, headers)).status).toBe(401);
      expect((await call('POST', AGENT_API.stop, headers, {})).status).toBe(401);
      // Answering the reviewer's question is the agent's act: the reviewer's session cannot answer.
      expect((await call('POST', AGENT_API.answer, headers, { id: 'ffffffffff', text: 'an answer' })).status).toBe(401);
      expect((await call('GET', '/api/agent/anything', headers)).status).toBe(401);
    }
    expect(await stopRequested).toBe(false);
  });

  it('with its key the agent reads the status (never a secret), waits and stops', async () => {
    const status = await call('GET', AGENT_API.status, agentKey());
    expect(status.json<AgentStatusAnswer>()).toEqual({ state: 'open', linkOpened: null, files: 1, additions: 1, deletions: 1, annotations: null });
    expect(status.text).not.toContain(agent.key);
    expect(status.text).not.toContain(new URL(server.reviewUrl).searchParams.get('token')!);
    await signIn(server.reviewUrl);
    // When, and what spent it: this test process, found through /proc.
    const opened = (await call('GET', AGENT_API.status, agentKey())).json<AgentStatusAnswer>().linkOpened;
    expect(opened?.by).toBe(`${readFileSync('/proc/self/comm', 'utf8').trim()} (pid ${process.pid})`);
    expect(Date.now() - Date.parse(opened!.at)).toBeLessThan(60_000);

    const started = Date.now();
    expect((await call('GET', `${AGENT_API.wait}?timeout=300`, agentKey())).json()).toEqual({ state: 'open' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect((await call('GET', `${AGENT_API.wait}?timeout=${AGENT_WAIT_MAX_MS + 1}`, agentKey())).status).toBe(400);
    const waiting = call('GET', `${AGENT_API.wait}?timeout=${AGENT_WAIT_MAX_MS}`, agentKey());
    agent.settle({ state: 'closed' });
    expect((await waiting).json()).toEqual({ state: 'closed' });

    expect((await call('POST', AGENT_API.stop, agentKey(), {})).json()).toEqual({ ok: true });
    await agent.stopRequested;
    expect((await call('GET', AGENT_API.status, agentKey())).status).toBe(200);
    expect((await call('DELETE', AGENT_API.status, agentKey())).status).toBe(405);
  });
});
