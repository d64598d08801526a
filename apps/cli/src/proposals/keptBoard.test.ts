/**
 * Nothing lost on a restart: the real `redline` process (start, annotate,
 * stop) in a real repository, the reviewer played over HTTP as the page
 * does. The agent's proposals and tour, and the reviewer's answers and
 * replies, are there again after `redline stop` and `redline start`, and after the server
 * is killed (SIGKILL) right after an answer (a temporary file a killed save
 * left is swept at the next start); kept 0600 in a 0700 folder. A
 * review of another diff does not show them (the same diff again does); a
 * corrupt kept file is kept aside, named on stderr with its new name, and
 * the review opens without it; after Send the kept board is gone.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API, type ProposalsData, type ReviewData, type Tour } from '@redline/core';
import { startSession, type StartedSession } from '../../testSupport/agentSession.js';
import { signInAsPage, type PageSession } from '../../testSupport/browserSession.js';
import { makeRepo, type TestRepo } from '../../testSupport/gitRepo.js';
import { detachedReviews } from '../../testSupport/detachedReviews.js';
import { isProcessAlive } from '../sessions/isProcessAlive.js';

const { env: ENV, started, repos, redline } = detachedReviews();
const CHANGED = 'one\nTWO\nthree\nfour\nfive\n';

function changedRepo(): TestRepo {
  const repo = makeRepo({ commit: { 'src/retry.ts': 'one\ntwo\nthree\nfour\n' } });
  repo.write('src/retry.ts', CHANGED);
  repos.push(repo);
  return repo;
}

const finding = (start: number, text: string, extra: Record<string, unknown> = {}) => ({ kind: 'finding', path: 'src/retry.ts', side: 'new', lines: { start, end: start }, text, ...extra });
const TOUR: Tour = { title: 'Upper case and a fifth line', steps: [{ path: 'src/retry.ts', side: 'new', lines: { start: 2, end: 2 }, text: 'Upper case' }, { path: 'src/retry.ts', side: 'new', lines: { start: 5, end: 5 }, text: 'A new line' }] };
const THREE = { tour: TOUR, findings: [finding(2, 'Why upper case?'), finding(3, 'A question', { kind: 'question' }), finding(5, 'Drop it', { suggestion: { original: 'five', replacement: '' } })] };
const NONE = { proposals: [], tour: null };

async function start(repo: TestRepo): Promise<StartedSession & { page: PageSession }> {
  const session = await startSession(repo.dir, ENV);
  started.push(session.pid);
  return { ...session, page: await signInAsPage(session.url) };
}

async function annotate(repo: TestRepo, findings: unknown): Promise<string[]> {
  const file = join(repo.dir, '.git', 'findings.json');
  writeFileSync(file, JSON.stringify(findings));
  const run = await redline(['annotate', file, '--json'], repo);
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { added: string[] }).added;
}

/** The board as the page sees it: each proposal's words, answer and replies, by line; and the tour. */
async function board(page: PageSession): Promise<{ proposals: { id: string; text: string; answer: string; replies: string[] }[]; tour: Tour | null }> {
  const { proposals, tour } = (await page.get(API.proposals)).json<ProposalsData>();
  const shown = [...proposals]
    .sort((a, b) => a.proposal.finding.lines.start - b.proposal.finding.lines.start)
    .map((p) => ({ id: p.proposal.id, text: p.proposal.finding.text, answer: JSON.stringify(p.answer), replies: p.replies }));
  return { proposals: shown, tour };
}

const proposalsDir = (repo: TestRepo) => join(repo.dir, '.git', 'redline', 'proposals');
const keptFiles = (repo: TestRepo) => readdirSync(proposalsDir(repo)).filter((name) => /^[0-9a-f]{64}\.json$/.test(name));

/** A review with the tour and three findings, the first accepted, the third rejected and replied to: the board it shows. */
async function answeredReview(repo: TestRepo): Promise<{ session: StartedSession & { page: PageSession }; shown: Awaited<ReturnType<typeof board>> }> {
  const session = await start(repo);
  expect(await annotate(repo, THREE)).toHaveLength(3);
  const [first, , third] = (await board(session.page)).proposals.map((p) => p.id);
  expect((await session.page.post(API.proposalAnswer, { act: 'accept', id: first, annotationId: 'c1' })).status).toBe(200);
  expect((await session.page.post(API.proposalAnswer, { act: 'reply', id: third, text: 'Keep five.' })).status).toBe(200);
  expect((await session.page.post(API.proposalAnswer, { act: 'reject', id: third })).status).toBe(200);
  const shown = await board(session.page);
  expect(shown.tour).toEqual(TOUR);
  expect(shown.proposals.map((p) => p.answer)).toEqual(['{"kind":"accepted","annotationId":"c1"}', '{"kind":"unanswered"}', '{"kind":"rejected"}']);
  return { session, shown };
}

describe('the proposal board is kept between runs of the same review', () => {
  it('stop, then start: the proposals, answers, replies and the tour are there, kept 0600 in a 0700 folder', async () => {
    const repo = changedRepo();
    const { shown } = await answeredReview(repo);
    expect((await redline(['stop'], repo)).code).toBe(0);
    const again = await start(repo);
    expect(await board(again.page)).toEqual(shown);
    expect(statSync(proposalsDir(repo)).mode & 0o777).toBe(0o700);
    expect(keptFiles(repo)).toHaveLength(1);
    expect(statSync(join(proposalsDir(repo), keptFiles(repo)[0]!)).mode & 0o777).toBe(0o600);
    // Posting the same findings again is still a no-op: they were kept under the same ids.
    expect(await annotate(repo, THREE)).toEqual([]);
    expect((await redline(['stop'], repo)).code).toBe(0);
  }, 60_000);

  it('the reviewer\'s questions and the agent\'s answers are kept too; an unanswered one goes to the next run\'s wait again', async () => {
    const repo = changedRepo();
    const session = await start(repo);
    const ask = async (text: string) => expect((await session.page.post(API.questions, { anchor: { scope: 'lines', path: 'src/retry.ts', side: 'new', lines: { start: 2, end: 2 } }, text })).status).toBe(200);
    await ask('Why upper case?');
    const waited = await redline(['wait', '--timeout', '5', '--json'], repo);
    expect(waited.code, waited.stderr).toBe(5);
    const [question] = (JSON.parse(waited.stdout) as { questions: { id: string }[] }).questions;
    expect((await redline(['answer', question!.id, '--text', 'A slip.'], repo)).code).toBe(0);
    await ask('And line five?');
    // Picked up by a wait, never answered: the agent that read it goes with the server.
    expect((await redline(['wait', '--timeout', '5'], repo)).code).toBe(5);
    const before = (await session.page.get(API.proposals)).json<ProposalsData>().questions;
    expect(before.map((q) => [q.text, q.answer?.text ?? null])).toEqual([['Why upper case?', 'A slip.'], ['And line five?', null]]);
    expect((await redline(['stop'], repo)).code).toBe(0);
    const again = await start(repo);
    const after = (await again.page.get(API.proposals)).json<ProposalsData>().questions;
    // No question counts as picked up in a new run (the board keeps no pick-ups): the unanswered one is handed out again.
    expect(after).toEqual(before.map((q) => ({ ...q, pickedUpAt: null })));
    const next = await redline(['wait', '--timeout', '5', '--json'], repo);
    expect(next.code).toBe(5);
    expect((JSON.parse(next.stdout) as { questions: { text: string }[] }).questions.map((q) => q.text)).toEqual(['And line five?']);
    expect((await redline(['stop'], repo)).code).toBe(0);
  }, 90_000);

  it('a server killed (SIGKILL) right after an answer loses nothing it answered; a write it left unfinished is swept', async () => {
    const repo = changedRepo();
    const { session, shown } = await answeredReview(repo);
    process.kill(session.pid, 'SIGKILL');
    await expect.poll(() => isProcessAlive(session.pid)).toBe(false);
    // What a kill in the middle of a save leaves (writeFileAtomic's temporary file), two minutes old.
    mkdirSync(proposalsDir(repo), { recursive: true });
    const unfinished = join(proposalsDir(repo), `.${'0'.repeat(64)}.json.0123456789ab.tmp`);
    writeFileSync(unfinished, '{"format":"redline-bo');
    utimesSync(unfinished, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    const again = await start(repo);
    expect(again.pid).not.toBe(session.pid);
    expect(await board(again.page)).toEqual(shown);
    expect(again.run.stderr).toContain('redline: removed 1 temporary proposal file left by interrupted saves');
    expect(existsSync(unfinished)).toBe(false);
    expect((await redline(['stop'], repo)).code).toBe(0);
  }, 60_000);

  it('a review of another diff does not show them; the same diff again does', async () => {
    const repo = changedRepo();
    const { shown } = await answeredReview(repo);
    expect((await redline(['stop'], repo)).code).toBe(0);
    repo.write('src/retry.ts', 'one\nTWO\nthree\nfour\nfive\nsix\n');
    const other = await start(repo);
    expect(await board(other.page)).toEqual(NONE);
    expect((await redline(['stop'], repo)).code).toBe(0);
    repo.write('src/retry.ts', CHANGED);
    const same = await start(repo);
    expect(await board(same.page)).toEqual(shown);
    expect((await redline(['stop'], repo)).code).toBe(0);
  }, 60_000);

  it('a corrupt kept file (not JSON, wrong shape, another version) is kept aside, named on stderr with its new name, and the review opens without it', async () => {
    const repo = changedRepo();
    const first = await start(repo);
    const { fingerprint } = (await first.page.get(API.review)).json<ReviewData>();
    expect((await redline(['stop'], repo)).code).toBe(0);
    const path = join(proposalsDir(repo), `${fingerprint}.json`);
    const valid = { format: 'redline-board', version: 1, fingerprint, records: [] };
    const corrupt: [string, RegExp][] = [
      ['{ "format": "redline-board", "version": 1, "rec', /not JSON/],
      [JSON.stringify({ ...valid, records: [{ kind: 'proposal', finding: { path: '../x' } }] }), /board\.records\[0\]\.finding: /],
      [JSON.stringify({ ...valid, version: 2 }), /board\.version: a board of version 2; this redline reads version 1/],
    ];
    mkdirSync(proposalsDir(repo), { recursive: true });
    for (const [text, reason] of corrupt) {
      writeFileSync(path, text, { mode: 0o600 });
      const run = await start(repo);
      const lines = run.run.stderr.split('\n').filter((line) => line.includes('kept proposals'));
      expect(lines).toHaveLength(1);
      const [, from, why, aside] = /^redline: warning: the kept proposals in (\S+) could not be read \((.*)\); they were kept as (\S+) and the review opens without them$/.exec(lines[0]!) ?? [];
      expect(from).toBe(path);
      expect(why).toMatch(reason);
      expect(readFileSync(aside!, 'utf8')).toBe(text);
      expect(existsSync(path)).toBe(false);
      expect(await board(run.page)).toEqual(NONE);
      expect((await redline(['stop'], repo)).code).toBe(0);
    }
    expect(readdirSync(proposalsDir(repo)).filter((n) => n.includes('.unreadable-'))).toHaveLength(3);
  }, 90_000);

  it('after Send the kept board goes with the export: the next review of the same diff starts without it', async () => {
    const repo = changedRepo();
    const { session } = await answeredReview(repo);
    const sent = await session.page.post(API.feedback, { verdict: 'comment', summary: '', annotations: [] });
    expect(sent.status, sent.text).toBe(200);
    const waited = await redline(['wait', '--timeout', '30'], repo);
    expect(waited.code, waited.stderr).toBe(0);
    expect(waited.stdout).toContain('· rejected');
    await expect.poll(() => isProcessAlive(session.pid)).toBe(false);
    expect(keptFiles(repo)).toEqual([]);
    const next = await start(repo);
    expect(await board(next.page)).toEqual(NONE);
    expect((await redline(['stop'], repo)).code).toBe(0);
  }, 60_000);
});
