/**
 * Asking the agent, as the agent and the reviewer really do it: the real
 * `redline` process (built with `tsc -b apps/cli`) starts the review, the
 * reviewer is played over HTTP as the page does. A question asked while no
 * wait runs is returned by the next wait, one asked during a wait ends it;
 * `redline wait` exits 5 and prints each question once; `redline answer`
 * answers it (refused by id when unknown or answered, by field when bad, by
 * name off the diff), the page reads the answer in GET /api/proposals, and
 * an answer's suggestion is a proposal the reviewer accepts; the export
 * holds the questions, the answers and the suggestion. Under plain
 * `redline` the page is told why it cannot ask, and a question is refused.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API, type ProposalsData } from '@redline/core';
import { startSession } from '../../testSupport/agentSession.js';
import { signInAsPage, type PageSession } from '../../testSupport/browserSession.js';
import { captureIo } from '../../testSupport/capturedIo.js';
import type { TestRepo } from '../../testSupport/gitRepo.js';
import { retryChangeRepo } from '../../testSupport/retryChange.js';
import { detachedReviews } from '../../testSupport/detachedReviews.js';
import { runCli } from '../main.js';

const { env: ENV, started, repos, redline } = detachedReviews();

function changedRepo(): TestRepo {
  const repo = retryChangeRepo();
  repos.push(repo);
  return repo;
}

const shown = async (page: PageSession) => (await page.get(API.proposals)).json<ProposalsData>();
const ask = async (page: PageSession, body: unknown) => {
  const answer = await page.post(API.questions, body);
  expect(answer.status, answer.text).toBe(200);
  return answer.json<{ id: string }>().id;
};

describe('asking the agent in a redline start review', () => {
  it('wait exits 5 with the question, once; answer answers it, the page sees it, a suggestion is a proposal; the export holds them', async () => {
    const repo = changedRepo();
    const { pid, url } = await startSession(repo.dir, ENV);
    started.push(pid);
    const page = await signInAsPage(url);
    expect(await shown(page)).toMatchObject({ questions: [], asking: { kind: 'live' } });

    // Asked while no wait runs: kept for the next one, not picked up yet.
    const why = await ask(page, { anchor: { scope: 'lines', path: 'src/retry.ts', side: 'new', lines: { start: 2, end: 3 } }, text: 'Why did you drop the retry here?' });
    expect((await shown(page)).questions).toEqual([
      { id: why, anchor: { scope: 'lines', path: 'src/retry.ts', side: 'new', lines: { start: 2, end: 3 } }, text: 'Why did you drop the retry here?', quoted: 'TWO\nthree', askedAt: expect.any(String), pickedUpAt: null, answer: null },
    ]);
    const waited = await redline(['wait', '--timeout', '10'], repo);
    expect(waited.code, waited.stderr).toBe(5);
    expect(waited.stdout).toContain(`### Question \`${why}\` · unanswered`);
    expect(waited.stdout).toContain('- **Where:** `src/retry.ts` lines 2-3 (new)');
    expect(waited.stdout).toContain('```ts\nTWO\nthree\n```');
    expect(waited.stdout).toContain('> Why did you drop the retry here?');
    expect(waited.stdout).toContain('redline answer ID --text');
    expect((await shown(page)).questions[0]!.pickedUpAt).toEqual(expect.any(String));
    // Picked up: the next wait does not return it again.
    expect((await redline(['wait', '--timeout', '1'], repo)).code).toBe(4);

    // Asked during a wait: the wait ends with it (and only it), as JSON.
    const waiting = redline(['wait', '--timeout', '20', '--json'], repo);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const file = await ask(page, { anchor: { scope: 'file', path: 'src/client.ts' }, text: 'Is 3 the right limit?' });
    const during = await waiting;
    expect(during.code, during.stderr).toBe(5);
    expect(during.ms).toBeLessThan(10_000);
    expect(JSON.parse(during.stdout)).toEqual({ decision: 'question', questions: [{ id: file, anchor: { scope: 'file', path: 'src/client.ts' }, text: 'Is 3 the right limit?', quoted: null, askedAt: expect.any(String), answer: null }] });

    const answered = await redline(['answer', why, '--text', 'The caller retries; two layers of retries multiply.'], repo);
    expect(answered.code, answered.stderr).toBe(0);
    expect(answered.stderr).toContain(`Answered question ${why}.`);
    expect((await shown(page)).questions[0]!.answer).toEqual({ text: 'The caller retries; two layers of retries multiply.', answeredAt: expect.any(String), proposalId: null });
    const again = await redline(['answer', why, '--text', 'Once more'], repo);
    expect([again.code, again.stderr]).toEqual([1, `redline answer: question "${why}" is already answered; nothing was changed\n`]);
    const unknown = await redline(['answer', 'ffffffffff', '--text', 'Hello'], repo);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no question "ffffffffff" in this review');
    const control = await redline(['answer', file, '--text', 'bell \u0007'], repo);
    expect([control.code, control.stderr]).toEqual([2, 'redline answer: text: holds a control character (U+0007) at line 1, column 6; only line breaks and tabs; nothing was answered\n']);
    const long = await redline(['answer', file, '--text', 'x'.repeat(20_001)], repo);
    expect([long.code, long.stderr]).toEqual([2, 'redline answer: text: 20001 characters; at most 20000; nothing was answered\n']);

    // A suggestion off the diff, or off its lines, is refused by name and answers nothing.
    const suggest = (name: string, body: unknown) => {
      const path = join(repo.dir, '.git', name);
      writeFileSync(path, JSON.stringify(body));
      return path;
    };
    const outside = await redline(['answer', file, '--text', 'Yes', '--suggest', suggest('gone.json', { path: 'src/gone.ts', lines: { start: 1, end: 1 }, original: 'x', replacement: 'y' })], repo);
    expect([outside.code, outside.stderr]).toEqual([1, 'redline answer: suggestion.path: "src/gone.ts" is not a file of this review\'s diff; nothing was answered\n']);
    const noLines = await redline(['answer', file, '--text', 'Yes', '--suggest', suggest('far.json', { path: 'src/client.ts', lines: { start: 4, end: 9 }, original: 'x', replacement: 'y' })], repo);
    expect([noLines.code, noLines.stderr]).toEqual([1, 'redline answer: suggestion.lines: src/client.ts has no lines 4-9 on the new side; nothing was answered\n']);
    expect((await shown(page)).questions[1]!.answer).toBeNull();

    const withCode = await redline(['answer', file, '--text', 'Five is safer.', '--json', '--suggest', suggest('five.json', { path: 'src/client.ts', lines: { start: 1, end: 1 }, original: 'call(3)', replacement: 'call(5)' })], repo);
    expect(withCode.code, withCode.stderr).toBe(0);
    const { proposalId } = JSON.parse(withCode.stdout) as { proposalId: string };
    const state = await shown(page);
    expect(state.questions[1]!.answer).toEqual({ text: 'Five is safer.', answeredAt: expect.any(String), proposalId });
    expect(state.proposals.map((p) => [p.proposal.id, p.proposal.finding.suggestion])).toEqual([[proposalId, { original: 'call(3)', replacement: 'call(5)' }]]);

    // The reviewer accepts it as the page does, and sends.
    expect((await page.post(API.proposalAnswer, { act: 'accept', id: proposalId, annotationId: 's1' })).status).toBe(200);
    const accepted = { id: 's1', kind: 'suggestion', scope: 'line', path: 'src/client.ts', side: 'new', startLine: 1, endLine: 1, text: 'Five is safer.', originalCode: 'call(3)', suggestedCode: 'call(5)', deletion: false, revision: null, createdAt: '2026-12-01T00:00:00.000Z', proposal: proposalId };
    const sent = await page.post(API.feedback, { verdict: 'comment', summary: '', annotations: [accepted] });
    expect(sent.status, sent.text).toBe(200);
    const feedback = await redline(['wait', '--timeout', '10'], repo);
    expect(feedback.code, feedback.stderr).toBe(0);
    const exported = feedback.stdout;
    expect(exported).toContain(`### Proposal \`${proposalId}\` · finding · accepted`);
    expect(exported).toContain('```ts\ncall(5)\n```');
    const questions = exported.slice(exported.indexOf('## Questions to the agent'));
    expect(questions).toContain(`### Question \`${why}\` · answered`);
    expect(questions).toContain("**Agent's answer:**\n\n> The caller retries; two layers of retries multiply.");
    expect(questions).toContain(`### Question \`${file}\` · answered`);
    expect(questions).toContain(`- **Suggestion:** the agent's proposal \`${proposalId}\``);
  }, 90_000);
});

describe('asking the agent under plain redline', () => {
  it('the page is told why it cannot ask, and a question is refused with that reason', async () => {
    const repo = changedRepo();
    const io = captureIo(repo.dir);
    const exit = runCli(['--no-open'], io);
    const [, url] = await io.waitForStderr(/^Review: (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+)$/m);
    const page = await signInAsPage(url!);
    const why = 'the agent is waiting for your whole feedback; questions go in it';
    expect(await shown(page)).toMatchObject({ questions: [], asking: { kind: 'unavailable', why } });
    const refused = await page.post(API.questions, { anchor: { scope: 'review' }, text: 'Why?' });
    expect([refused.status, refused.json()]).toEqual([409, { error: { code: 'asking-unavailable', message: `the agent cannot be asked in this review: ${why}` } }]);
    expect((await shown(page)).questions).toEqual([]);
    await page.post(API.close, {});
    expect(await exit).toBe(3);
  });
});
