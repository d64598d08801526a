/**
 * `redline rounds` and `redline threads` in words a reader can trust, on a
 * real repository with a real server: counts with their plurals ("1
 * suggestion"), the acts on earlier threads named by kind, the answers to the
 * agent's proposals counted, a suggestion without text said by its code
 * (never `""`), and the agent's replies counted per thread.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API, type Annotation, type ProposalsData } from '@redline/core';
import { captureIo } from '../../../testSupport/capturedIo.js';
import { makeRepo } from '../../../testSupport/gitRepo.js';
import { runRead, sendRound } from '../../../testSupport/reviewRounds.js';
import { runCli } from '../../main.js';

const at = '2026-01-01T00:00:00.000Z';

describe('redline rounds and threads, in words', () => {
  it('plurals, acts by kind, proposals answered, no "" for a suggestion without text, agent replies counted', async () => {
    const repo = makeRepo({ commit: { 'a.txt': 'one\ntwo\nthree\n' } });
    repo.write('a.txt', 'one\nTWO\nthree\n');
    const comment: Annotation = { id: 'c1', kind: 'comment', scope: 'line', path: 'a.txt', side: 'new', startLine: 1, endLine: 1, text: 'why one?', createdAt: at };
    const bare: Annotation = { id: 's1', kind: 'suggestion', scope: 'line', path: 'a.txt', side: 'new', startLine: 2, endLine: 2, text: '', originalCode: 'TWO', suggestedCode: 'Two', deletion: false, revision: null, createdAt: at };
    await sendRound(repo.dir, () => ({ verdict: 'request-changes', summary: '', annotations: [comment, bare] }));

    // The agent answers c1 twice and posts two findings before the next review opens.
    for (const args of [['reply', 'c1', '--text', 'Because.'], ['reply', 'c1', '--text', 'Done.', '--addressed']]) expect((await runRead(repo.dir, args)).code).toBe(0);
    const file = join(repo.dir, '.git', 'findings.json');
    const finding = (start: number, text: string) => ({ kind: 'finding', path: 'a.txt', side: 'new', lines: { start, end: start }, text });
    writeFileSync(file, JSON.stringify({ findings: [finding(1, 'Drop one.'), finding(3, 'Three?')] }));
    expect(await runCli(['annotate', file], captureIo(repo.dir))).toBe(0);

    // Round 2: one proposal accepted, one rejected, c1 resolved, s1 replied to.
    await sendRound(
      repo.dir,
      () => ({ verdict: 'comment', summary: '', annotations: [{ ...comment, id: 'p-taken', text: 'Drop one.' }], threadActs: [{ thread: 'c1', act: 'resolve', text: '' }, { thread: 's1', act: 'reply', text: 'Still want it.' }] }),
      [],
      async (page) => {
        const { proposals } = (await page.get(API.proposals)).json<ProposalsData>();
        const [first, second] = proposals.map((state) => state.proposal.id);
        expect((await page.post(API.proposalAnswer, { act: 'accept', id: first, annotationId: 'p-taken' })).status).toBe(200);
        expect((await page.post(API.proposalAnswer, { act: 'reject', id: second })).status).toBe(200);
      },
    );

    const rounds = (await runRead(repo.dir, ['rounds'])).out.split('\n');
    expect(rounds[1]).toMatch(/^round 1 .* {2}1 comment, 1 suggestion {2}state /);
    expect(rounds[2]).toMatch(/^round 2 .* {2}1 comment, 0 suggestions; earlier threads: 1 resolve, 1 reply; agent proposals: 1 accepted, 1 rejected {2}state /);

    const threads = (await runRead(repo.dir, ['threads'])).out;
    expect(threads).not.toContain('""');
    expect(threads).toMatch(/^c1 {2}round 1 .* resolved {2}2 agent replies {2}"why one\?"$/m);
    expect(threads).toMatch(/^s1 {2}round 1 .* not applied {2}suggests "Two"$/m);
  });
});
