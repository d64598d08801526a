/**
 * Three rounds of a real review (runCli in-process, a real server, real git):
 * each Send records a round under refs/redline/, the series continues after
 * the agent commits, threads get their states, and nothing else of the
 * repository changes (index, HEAD, config, refs, stash, working tree: hashed
 * before and after).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API, type Annotation, type ReviewData, type RoundChangesData, type RoundDiffData, type Thread } from '@redline/core';
import { signInAsPage } from '../../testSupport/browserSession.js';
import { captureIo } from '../../testSupport/capturedIo.js';
import { makeRepo } from '../../testSupport/gitRepo.js';
import { repositoryFacts, runRead, sendRound } from '../../testSupport/reviewRounds.js';
import { runCli } from '../main.js';

const REVIEW_URL_RE = /Review: (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64})\n/;

const CALC = ['export function add(a: number, b: number) {', '  return a - b;', '}', '', 'export function twice(n: number) {', '  return n * 3;', '}', ''].join('\n');

function line(id: string, kind: 'comment', startLine: number, text: string): Annotation {
  return { id, kind, scope: 'line', path: 'src/calc.ts', side: 'new', startLine, endLine: startLine, text, createdAt: '2026-01-01T00:00:00.000Z' };
}

function suggestion(data: ReviewData): Annotation {
  void data;
  return { id: 's1', kind: 'suggestion', scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 2, endLine: 2, text: 'add', originalCode: '  return a - b;', suggestedCode: '  return a + b;', deletion: false, revision: createHash('sha256').update(CALC).digest('hex'), createdAt: '2026-01-01T00:00:00.000Z' };
}

describe('review rounds', () => {
  it('three rounds: recorded in git, the series continues over a commit, threads get their states, nothing else changes', async () => {
    const repo = makeRepo({ commit: { 'src/calc.ts': 'export function add(a: number, b: number) {\n  return a + b;\n}\n', 'README.md': '# calc\n' } });
    repo.git('stash', 'list');
    repo.write('src/calc.ts', CALC);
    repo.write('NOTES.md', 'untracked notes\n');
    const base = repo.git('rev-parse', 'HEAD').trim();

    const before = repositoryFacts(repo);
    const round1 = await sendRound(repo.dir, (data) => ({
      verdict: 'request-changes',
      summary: 'fix these',
      reviewer: '@Alice',
      annotations: [suggestion(data), line('c1', 'comment', 6, 'three?'), line('c2', 'comment', 1, 'name it sum')],
    }));
    expect(round1.stderr).toMatch(/Recorded round 1 of review series [0-9a-f]{12}-[0-9a-f]{6} \(refs\/redline\/[0-9a-f-]+\/=40alice\/rounds, state [0-9a-f]{7}\)/);
    expect(round1.stderr).not.toMatch(/continuing/);
    expect(round1.data.rounds).toBeUndefined();
    expect(repositoryFacts(repo)).toEqual(before);

    // The recorded state is the working tree as shown, untracked file included.
    const rounds1 = JSON.parse((await runRead(repo.dir, ['rounds', '--json'])).out) as { rounds: { state: { tree: string }; reviewer: string }[] };
    expect(rounds1.rounds).toHaveLength(1);
    expect(rounds1.rounds[0]!.reviewer).toBe('@Alice');
    expect(repo.git('show', `${rounds1.rounds[0]!.state.tree}:NOTES.md`)).toBe('untracked notes\n');
    expect(repo.git('show', `${rounds1.rounds[0]!.state.tree}:src/calc.ts`)).toBe(CALC);

    // The agent applies the suggestion, edits the line of c1, commits.
    repo.write('src/calc.ts', CALC.replace('a - b', 'a + b').replace('n * 3', 'n * 2'));
    repo.commitAll('agent fixes');

    const before2 = repositoryFacts(repo);
    const round2 = await sendRound(repo.dir, () => ({
      verdict: 'request-changes',
      summary: 'almost',
      reviewer: '@alice',
      annotations: [],
      threadActs: [{ thread: 'c2', act: 'resolve', text: 'fine as it is' }],
    }), [], async (page, data) => {
      // What changed since round 1 among the review's files: the agent's file, not the untouched untracked one.
      const tree = data.rounds!.rounds[0]!.state.tree;
      const changes = await page.get(`${API.roundChanges}?from=${tree}`);
      expect(changes.status, changes.text).toBe(200);
      expect(changes.json<RoundChangesData>()).toEqual({ from: tree, changedPaths: ['src/calc.ts'] });
      expect((await page.get(`${API.roundChanges}?from=${repo.git('rev-parse', 'HEAD^{tree}').trim()}`)).status).toBe(404);
    });
    expect(round2.stderr).toMatch(new RegExp(`continuing review series [0-9a-f-]+, round 2; base ${base.slice(0, 7)}`));
    expect(round2.data.target.baseCommit).toBe(base);
    const threads2 = round2.data.rounds!.threads;
    expect(Object.fromEntries(threads2.map((thread) => [thread.id, thread.state]))).toEqual({ s1: 'open', c1: 'changed', c2: 'open' });
    expect(threads2.find((thread) => thread.id === 's1')).toMatchObject({ kind: 'suggestion', applied: true, lines: { startLine: 2, endLine: 2 } });
    expect(round2.data.rounds!.previousAnnotations.map((annotation) => annotation.id).sort()).toEqual(['c1', 'c2', 's1']);
    expect(round2.data.rounds!.lastStateBlobs!['NOTES.md']).toBe(repo.git('rev-parse', 'HEAD:NOTES.md').trim());
    expect(repositoryFacts(repo)).toEqual(before2);

    const round3 = await sendRound(repo.dir, () => ({ verdict: 'approve', summary: 'LGTM', annotations: [] }), [], async (page, data) => {
      const [first, second] = data.rounds!.rounds.map((round) => round.state.tree);
      const diff = await page.get(`${API.roundDiff}?from=${first}&to=${second}`);
      expect(diff.status, diff.text).toBe(200);
      expect(diff.json<RoundDiffData>().patch).toContain('-  return n * 3;\n+  return n * 2;');
      // Only the series' recorded states: the base's tree is not one.
      expect((await page.get(`${API.roundDiff}?from=${first}&to=${repo.git('rev-parse', 'HEAD~1^{tree}').trim()}`)).status).toBe(404);
    });
    expect(round3.stderr).toMatch(/round 3;/);
    expect(repositoryFacts(repo)).toEqual(before2);

    const threads = JSON.parse((await runRead(repo.dir, ['threads', '--json'])).out) as { threads: Thread[] };
    expect(Object.fromEntries(threads.threads.map((thread) => [thread.id, thread.state]))).toEqual({ s1: 'open', c1: 'changed', c2: 'resolved' });
    const listed = await runRead(repo.dir, ['rounds']);
    expect(listed.out).toMatch(/round 1 .* request-changes {2}@Alice {2}2 comments, 1 suggestion {2}state/);
    expect(listed.out).toMatch(/round 3 .* approve {2}\(no reviewer given\)/);
    // Two spellings of one person write one ref; no reviewer is its own.
    expect(repo.git('for-each-ref', '--format=%(refname)', 'refs/redline/').trim().split('\n').map((ref) => ref.split('/')[3])).toEqual(['=40alice', '_anonymous']);
    expect(repo.git('fsck', '--no-dangling', '--strict')).toBe('');

    // Approve ended the series: the next review starts a new one.
    repo.write('README.md', '# calc 2\n');
    const next = await sendRound(repo.dir, () => ({ verdict: 'comment', summary: '', annotations: [] }));
    expect(next.stderr).toMatch(/Recorded round 1 of review series/);
  }, 60_000);

  it('--new-series starts afresh; a series whose base left HEAD\'s history starts a new one and says why', async () => {
    const repo = makeRepo({ commit: { 'a.txt': 'a\n' } });
    repo.git('checkout', '-q', '-b', 'side');
    repo.write('a.txt', 'side\n');
    repo.commitAll('side');
    repo.write('a.txt', 'side 2\n');
    await sendRound(repo.dir, () => ({ verdict: 'comment', summary: '', annotations: [] }));
    const fresh = await sendRound(repo.dir, () => ({ verdict: 'comment', summary: '', annotations: [] }), ['--new-series']);
    expect(fresh.stderr).toMatch(/Recorded round 1 of review series/);
    repo.git('checkout', '-q', '-f', 'main');
    repo.write('a.txt', 'main 2\n');
    const moved = await sendRound(repo.dir, () => ({ verdict: 'comment', summary: '', annotations: [] }));
    expect(moved.stderr).toMatch(/no longer an ancestor of HEAD \(history rewritten\?\); starting a new series/);
  }, 60_000);

  it('a reviewer with control or invisible characters is refused; rounds and threads exit 1 without a series', async () => {
    const repo = makeRepo({ commit: { 'a.txt': 'a\n' } });
    const none = await runRead(repo.dir, ['rounds']);
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/^redline: no review series in .*\n$/);
    expect((await runRead(repo.dir, ['threads', '--json'])).code).toBe(1);
    expect((await runRead(repo.dir, ['threads', '--state', 'nope'])).code).toBe(2);
    repo.write('a.txt', 'b\n');
    const io = captureIo(repo.dir);
    const exit = runCli(['--no-open'], io);
    const page = await signInAsPage((await io.waitForStderr(REVIEW_URL_RE))[1]!);
    await page.get(API.review);
    const refused = await page.post(API.feedback, { verdict: 'approve', summary: '', annotations: [], reviewer: 'bob\u202E' });
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/body\.reviewer/);
    await page.post(API.close, {});
    expect(await exit).toBe(3);
  }, 60_000);
});
