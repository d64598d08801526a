/**
 * The agent's wait and the reviewer's questions, against a real server over
 * a real repository: a question asked during a wait ends it at once; a wait
 * whose client has gone picks nothing up, so the next wait still gets the
 * question; each question is returned once; a review that has ended answers
 * its end, not the questions.
 */
import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API } from '@redline/core';
import { signIn } from '../../../testSupport/browserSession.js';
import { makeRepo, type TestRepo } from '../../../testSupport/gitRepo.js';
import { httpCall } from '../../../testSupport/httpClient.js';
import { gitSource } from '../../../testSupport/reviewServerHarness.js';
import { makeStubAppDir } from '../../../testSupport/stubApp.js';
import { PreferencesStore } from '../../preferences/preferencesStore.js';
import { ReviewSession } from '../../review/reviewSession.js';
import { startReviewServer, type ReviewServer } from '../startReviewServer.js';
import { AGENT_API, AGENT_HEADER, type AgentWaitAnswer } from './agentApi.js';
import { AgentChannel } from './agentChannel.js';

let repo: TestRepo;
let session: ReviewSession;
let agent: AgentChannel;
let server: ReviewServer;
let reviewer: Record<string, string>;

beforeEach(async () => {
  repo = makeRepo({ commit: { 'a.txt': 'one\n' } });
  repo.write('a.txt', 'two\n');
  session = new ReviewSession(await gitSource(repo.dir), 'markdown');
  session.questions.openAsking();
  await session.loadReview();
  agent = new AgentChannel();
  server = await startReviewServer({ session, agent, preferences: PreferencesStore.forEnv(process.env), appDir: makeStubAppDir() });
  reviewer = await signIn(server.reviewUrl);
});
afterEach(async () => {
  await server.close();
  repo.cleanup();
});

const wait = async (ms: number) => (await httpCall({ port: server.port, path: `${AGENT_API.wait}?timeout=${ms}`, headers: { [AGENT_HEADER]: agent.key } })).json<AgentWaitAnswer>();
const ask = async (text: string) => {
  const answer = await httpCall({ port: server.port, method: 'POST', path: API.questions, headers: { ...reviewer, origin: server.origin, 'content-type': 'application/json' }, body: JSON.stringify({ anchor: { scope: 'review' }, text }) });
  expect(answer.status, answer.text).toBe(200);
  return answer.json<{ id: string }>().id;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the agent's wait and the reviewer's questions", () => {
  it('ends at once when the reviewer asks, returns each question once, and a gone client picks nothing up', async () => {
    const started = Date.now();
    const waiting = wait(20_000);
    await pause(200);
    const first = await ask('Why?');
    const answer = await waiting;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer).toMatchObject({ state: 'question', questions: [{ id: first, text: 'Why?', pickedUpAt: expect.any(String) }] });
    expect(await wait(0)).toEqual({ state: 'open' });

    // A wait whose client hangs up before the question comes: the question stays for the next wait.
    const gone = request({ port: server.port, path: `${AGENT_API.wait}?timeout=20000`, headers: { [AGENT_HEADER]: agent.key } });
    gone.on('error', () => undefined);
    gone.end();
    await pause(200);
    gone.destroy();
    await pause(200);
    const second = await ask('And this?');
    await pause(100);
    expect(session.questions.list().find((q) => q.id === second)?.pickedUpAt).toBeNull();
    expect(await wait(0)).toMatchObject({ state: 'question', questions: [{ id: second }] });
  });

  it('answers the end of the review rather than the questions once it has ended', async () => {
    await ask('Still there?');
    agent.settle({ state: 'closed' });
    expect(await wait(0)).toEqual({ state: 'closed' });
  });
});
