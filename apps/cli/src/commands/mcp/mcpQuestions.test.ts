/**
 * The whole loop through the MCP SDK's own client, over stdio, against the
 * real `redline mcp` process: start_review, post_tour (the page reads the
 * tour); the reviewer asks (over HTTP, as the page does); wait_for_feedback
 * answers with the question and the line that says to answer it with
 * answer_question, which answers it (its suggestion a proposal); the page
 * reads the answer; the next wait is "still open"; the reviewer accepts the
 * suggestion and sends, and wait_for_feedback answers with the feedback:
 * the suggestion, the question and the answer.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type ProposalsData } from '@redline/core';
import { runRedline } from '../../../testSupport/agentSession.js';
import { signInAsPage } from '../../../testSupport/browserSession.js';
import { buildCli, CLI_BIN } from '../../../testSupport/buildCli.js';
import { GIT_IDENTITY_ENV, makeRepo, makeTempDir, type TestRepo } from '../../../testSupport/gitRepo.js';
import { reviewerLink } from '../../../testSupport/inTerminal.mjs';
import { makeStubAppDir } from '../../../testSupport/stubApp.js';

let client: Client;
let repo: TestRepo;
const env = { PATH: process.env.PATH ?? '', HOME: makeTempDir(), BROWSER: '', REDLINE_APP_DIR: makeStubAppDir(), ...GIT_IDENTITY_ENV };

beforeAll(async () => {
  expect(buildCli()).toBe(true);
  repo = makeRepo({ commit: { 'a.ts': 'one\n' } });
  repo.write('a.ts', 'two\n');
  client = new Client({ name: 'redline-test-agent', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI_BIN, 'mcp'], cwd: repo.dir, env, stderr: 'pipe' }));
}, 120_000);

afterAll(async () => {
  await client?.close();
  if (repo) await runRedline(['stop', '--repo', repo.dir], repo.dir, env);
  repo?.cleanup();
});

async function call(name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const answer = (await client.callTool({ name, arguments: args })) as { content: { text?: string }[]; isError?: boolean };
  return { text: answer.content.map((part) => part.text ?? '').join(''), isError: answer.isError === true };
}

describe('asking the agent over MCP', () => {
  it('start_review, post_tour; wait_for_feedback returns the question; answer_question answers it; the reviewer accepts its suggestion and sends; the feedback holds all of it', async () => {
    const started = await call('start_review', { repo: repo.dir, open: false });
    expect(started.isError, started.text).toBe(false);
    const page = await signInAsPage(await reviewerLink(CLI_BIN, repo.dir, env));
    const tour = { title: 'One word', steps: [{ path: 'a.ts', side: 'new', lines: { start: 1, end: 1 }, text: 'The word changed.' }] };
    const posted = await call('post_tour', { repo: repo.dir, ...tour });
    expect(posted.isError, posted.text).toBe(false);
    expect((await page.get(API.proposals)).json<ProposalsData>().tour).toEqual(tour);
    const asked = await page.post(API.questions, { anchor: { scope: 'lines', path: 'a.ts', side: 'new', lines: { start: 1, end: 1 } }, text: 'Why two?' });
    expect(asked.status, asked.text).toBe(200);
    const { id } = asked.json<{ id: string }>();

    const waited = await call('wait_for_feedback', { repo: repo.dir, timeoutSeconds: 10 });
    expect(waited.isError, waited.text).toBe(false);
    expect(waited.text).toContain(`### Question \`${id}\` · unanswered`);
    expect(waited.text).toContain('> Why two?');
    expect(waited.text).toMatch(/\nquestion: answer it with answer_question, then wait again\.$/);

    const answered = await call('answer_question', { repo: repo.dir, id, text: 'Two reads better.', suggestion: { path: 'a.ts', lines: { start: 1, end: 1 }, original: 'two', replacement: 'three' } });
    expect(answered.isError, answered.text).toBe(false);
    const { proposalId } = JSON.parse(answered.text.split('\n')[0]!) as { proposalId: string };
    const shown = (await page.get(API.proposals)).json<ProposalsData>();
    expect(shown.questions[0]!.answer).toEqual({ text: 'Two reads better.', answeredAt: expect.any(String), proposalId });
    expect(shown.proposals.map((p) => p.proposal.id)).toEqual([proposalId]);

    const again = await call('answer_question', { repo: repo.dir, id, text: 'Again.' });
    expect(again.isError).toBe(true);
    expect(again.text).toContain(`question "${id}" is already answered`);
    expect((await call('wait_for_feedback', { repo: repo.dir, timeoutSeconds: 1 })).text).toContain('still open');

    // The reviewer accepts the answer's suggestion as the page does, and sends.
    expect((await page.post(API.proposalAnswer, { act: 'accept', id: proposalId, annotationId: 's1' })).status).toBe(200);
    const accepted = { id: 's1', kind: 'suggestion', scope: 'line', path: 'a.ts', side: 'new', startLine: 1, endLine: 1, text: 'Two reads better.', originalCode: 'two', suggestedCode: 'three', deletion: false, revision: null, createdAt: '2026-12-05T00:00:00.000Z', proposal: proposalId };
    expect((await page.post(API.feedback, { verdict: 'request-changes', summary: '', annotations: [accepted] })).status).toBe(200);
    const feedback = await call('wait_for_feedback', { repo: repo.dir, timeoutSeconds: 10 });
    expect(feedback.isError, feedback.text).toBe(false);
    expect(feedback.text).toContain('```ts\nthree\n```');
    expect(feedback.text).toContain(`### Question \`${id}\` · answered`);
    expect(feedback.text).toContain("> Why two?\n\n**Agent's answer:**\n\n> Two reads better.");
  }, 60_000);
});
