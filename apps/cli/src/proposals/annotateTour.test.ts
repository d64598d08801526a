/**
 * The agent's tour through `redline annotate`, in-process against a real
 * review of a real repository: posted, it is what GET /api/proposals answers
 * the page beside the proposals; a new tour replaces it; refused whole with
 * the field path, by name outside the diff, or when a step's lines are not
 * there; refused with no review running (nothing kept); never read or
 * changed with the reviewer's credential by the agent (its key only posts).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API, validateTour, type ProposalsData } from '@redline/core';
import { captureIo } from '../../testSupport/capturedIo.js';
import { signInAsPage } from '../../testSupport/browserSession.js';
import type { TestRepo } from '../../testSupport/gitRepo.js';
import { retryChangeRepo } from '../../testSupport/retryChange.js';
import { runCli } from '../main.js';
import { pendingFindingsPath } from './pendingFindings.js';

const REVIEW_URL_RE = /^Review: (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+)$/m;
const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

function changedRepo(): TestRepo {
  const repo = retryChangeRepo();
  repos.push(repo);
  return repo;
}

const step = (path: string, start: number, end: number, text: string) => ({ path, side: 'new', lines: { start, end }, text });
const TOUR = { title: 'Retries take a limit', steps: [step('src/retry.ts', 2, 4, 'The loop body'), step('src/client.ts', 1, 1, 'Its one caller')] };

async function annotate(repo: TestRepo, document: unknown) {
  const file = join(repo.dir, '.git', 'tour.json');
  writeFileSync(file, JSON.stringify(document));
  const io = captureIo(repo.dir, { terminal: false });
  return { code: await runCli(['annotate', file, '--json'], io), err: io.err(), out: io.out() };
}

describe('redline annotate: the tour', () => {
  it('is posted to the running review and shown to the page with the proposals; a new one replaces it; bad ones are refused whole', async () => {
    const repo = changedRepo();
    const io = captureIo(repo.dir);
    const exit = runCli(['--no-open'], io);
    const [, url] = await io.waitForStderr(REVIEW_URL_RE);
    const page = await signInAsPage(url!);
    const shown = async () => (await page.get(API.proposals)).json<ProposalsData>();
    expect((await shown()).tour).toBeNull();

    const posted = await annotate(repo, { tour: TOUR });
    expect(posted.code, posted.err).toBe(0);
    expect(JSON.parse(posted.out)).toEqual({ tourSteps: 2 });
    expect(posted.err).toContain('Posted your tour, "Retries take a limit": 2 steps');
    expect(await shown()).toEqual({ proposals: [], tour: TOUR, questions: [], asking: { kind: 'unavailable', why: 'the agent is waiting for your whole feedback; questions go in it' } });

    // With findings in the same post: both go in.
    const both = await annotate(repo, { tour: { title: 'Shorter', steps: [TOUR.steps[1]] }, findings: [{ kind: 'note', ...step('src/retry.ts', 2, 2, 'A note') }] });
    expect(both.code, both.err).toBe(0);
    expect(JSON.parse(both.out)).toMatchObject({ tourSteps: 1, added: [expect.any(String)] });
    expect((await shown()).tour?.title).toBe('Shorter');

    const outside = await annotate(repo, { tour: { title: 'x', steps: [step('src/gone.ts', 1, 1, 'x')] } });
    expect([outside.code, outside.err]).toEqual([1, 'redline annotate: not files of this review\'s diff: "src/gone.ts"; the tour was not posted\n']);
    const noLines = await annotate(repo, { tour: { title: 'x', steps: [step('src/client.ts', 5, 9, 'x')] } });
    expect([noLines.code, noLines.err]).toEqual([1, 'redline annotate: tour.steps[0].lines: src/client.ts has no lines 5-9 on the new side; the tour was not posted\n']);
    const malformed = await annotate(repo, { tour: { title: 'x', steps: [{ ...step('src/client.ts', 1, 1, 'x'), mood: 'sure' }] } });
    expect([malformed.code, malformed.err]).toEqual([2, 'redline annotate: tour.steps[0].mood: unknown field (expected path, side, lines, text); the tour was not posted\n']);
    expect((await shown()).tour?.title).toBe('Shorter');

    await page.post(API.close, {});
    expect(await exit).toBe(3);
  });

  it('is refused, and nothing kept, when no review is running', async () => {
    const repo = changedRepo();
    const refused = await annotate(repo, { tour: TOUR, findings: [{ kind: 'note', ...step('src/retry.ts', 2, 2, 'A note') }] });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("no review is running here: a tour goes to a running review ('redline start' first); nothing was posted");
    expect(existsSync(pendingFindingsPath(join(repo.dir, '.git', 'redline')))).toBe(false);
  });
});

describe('validateTour', () => {
  it.each([
    [{ title: '', steps: [step('a', 1, 1, 'x')] }, 'tour.title: expected words'],
    [{ title: 't'.repeat(201), steps: [step('a', 1, 1, 'x')] }, 'tour.title: 201 characters; at most 200'],
    [{ title: 't', steps: [] }, 'tour.steps: expected at least one step'],
    [{ title: 't', steps: Array.from({ length: 101 }, () => step('a', 1, 1, 'x')) }, 'tour.steps: 101 steps; at most 100'],
    [{ title: 't', steps: [step('../etc/passwd', 1, 1, 'x')] }, 'tour.steps[0].path'],
    [{ title: 't', steps: [step('a', 3, 2, 'x')] }, 'tour.steps[0].lines.end: expected at least start (3), got 2'],
    [{ title: 't', steps: [step('a', 1, 1, '  ')] }, 'tour.steps[0].text: expected words'],
    [{ title: 't', steps: [{ ...step('a', 1, 1, 'x'), side: 'left' }] }, 'tour.steps[0].side'],
    [{ title: 't', steps: [step('a', 1, 1, 'x')], mood: 1 }, 'tour.mood: unknown field'],
  ])('refuses %j naming the field', (tour, field) => {
    const result = validateTour(tour);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => `${p.field}: ${p.problem}`).join('; ')).toContain(field);
  });
});
