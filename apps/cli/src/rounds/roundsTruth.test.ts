/**
 * Three rounds of a real review with `redline apply` between them (runCli in
 * process, a real server, real git), checking that the second and third
 * rounds tell the truth about the threads (docs/rounds.md, "Threads"):
 * - suggestions `redline apply` applied read *applied*, however far their
 *   lines moved (the line-9 one, moved down by the insertion after line 4);
 * - a range thread (lines 19-22) with a line inserted inside it grows and
 *   reads *changed*, its code now the whole range;
 * - an accepted agent proposal still says so a round later (`proposal`);
 * - the round-2 export carries round 1's suggestion still open, with its
 *   code, and `redline apply` on that export applies it, naming round 1;
 * - the agent's *addressed* and the reviewer's *resolve* come through, and
 *   the approving round-3 export asks nothing about applied threads.
 * Once on a file of 30 lines, once on a file of a real change of 135 files
 * (the `yaml` package's published 2.5.0 and 2.8.1 laid over each other).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Annotation, Thread } from '@redline/core';
import { makeRepo, makeTempDir, type TestRepo } from '../../testSupport/gitRepo.js';
import { repoWithPublishedChange } from '../../testSupport/publishedChange.js';
import { runRead, sendRound } from '../../testSupport/reviewRounds.js';
import { sha256Bytes } from '../files/sha256Bytes.js';

const states = (threads: readonly Thread[]) => Object.fromEntries(threads.map((t) => [t.id, t.kind === 'suggestion' ? `${t.state}${t.applied ? ' applied' : ''}` : t.state]));

async function threeRounds(repo: TestRepo, path: string): Promise<void> {
  const read = () => readFileSync(join(repo.dir, path), 'utf8');
  const round1Text = read();
  const lines = round1Text.split('\n');
  const at = (n: number) => lines[n - 1]!;
  const suggestion = (id: string, line: number, suggestedCode: string, madeOn: string, extra: Partial<Annotation> = {}): Annotation =>
    ({ id, kind: 'suggestion', scope: 'line', path, side: 'new', startLine: line, endLine: line, text: id, originalCode: madeOn.split('\n')[line - 1]!, suggestedCode, deletion: false, revision: sha256Bytes(Buffer.from(madeOn, 'utf8')), createdAt: '2026-01-01T00:00:00.000Z', ...extra }) as Annotation;
  const exports = makeTempDir('redline-exports-');
  const round1 = await sendRound(repo.dir, () => ({
    verdict: 'request-changes',
    summary: '',
    annotations: [
      suggestion('sA', 4, `${at(4)}\n// inserted after line 4`, round1Text),
      suggestion('sB', 9, `${at(9)} // changed by the review`, round1Text),
      suggestion('sP', 12, `${at(12)} // the agent's proposal`, round1Text, { proposal: 'p-12' }),
      suggestion('sC', 25, `${at(25)} // still open after round 1`, round1Text),
      { id: 'r1', kind: 'comment', scope: 'line', path, side: 'new', startLine: 19, endLine: 22, text: 'this block is muddled', createdAt: '2026-01-01T00:00:00.000Z' },
    ],
  }));
  const export1 = join(exports, 'round1.json');
  writeFileSync(export1, round1.stdout);

  // The agent applies three of the four suggestions, then inserts a line inside the range (now lines 20-23).
  const applied1 = await runRead(repo.dir, ['apply', '--only', 'sA,sB,sP', export1]);
  expect(applied1.code, applied1.out + applied1.err).toBe(0);
  const afterApply = [...lines.slice(0, 4), '// inserted after line 4', ...lines.slice(4)];
  afterApply[9] = `${at(9)} // changed by the review`;
  afterApply[12] = `${at(12)} // the agent's proposal`;
  expect(read()).toBe(afterApply.join('\n'));
  const round2Lines = [...afterApply.slice(0, 21), '// the agent inserted this', ...afterApply.slice(21)];
  const round2Text = round2Lines.join('\n');
  writeFileSync(join(repo.dir, path), round2Text);

  const round2 = await sendRound(repo.dir, () => ({
    verdict: 'request-changes',
    summary: '',
    annotations: [suggestion('sD', 2, `${round2Lines[1]} // round 2`, round2Text)],
    threadActs: [{ thread: 'sA', act: 'resolve', text: '' }],
  }));
  const threads2 = round2.data.rounds!.threads;
  expect(states(threads2)).toEqual({ sA: 'open applied', sB: 'open applied', sP: 'open applied', sC: 'open', r1: 'changed' });
  const byId = (id: string) => threads2.find((t) => t.id === id)!;
  expect(byId('sA').lines).toEqual({ startLine: 4, endLine: 5 });
  expect(byId('sB').lines).toEqual({ startLine: 10, endLine: 10 });
  expect(byId('r1').lines).toEqual({ startLine: 20, endLine: 24 });
  expect(byId('r1').code.now).toBe([at(19), at(20), '// the agent inserted this', at(21), at(22)].join('\n'));
  expect(byId('sP').annotation.proposal).toBe('p-12');
  expect(byId('sA').annotation.proposal).toBeUndefined();

  // The round-2 export: round 1's open suggestion carried with its code; the applied ones settled, not asked.
  const export2 = JSON.parse(round2.stdout) as { carried: { round: number; annotation: { id: string } }[]; threads: { open: { id: string }[]; settled: { id: string; outcome: string }[] } };
  expect(export2.carried.map((c) => [c.round, c.annotation.id])).toEqual([[1, 'sC']]);
  expect(export2.threads.open.map((t) => t.id)).toEqual(['r1', 'sC']);
  expect(export2.threads.settled.map((t) => `${t.id}:${t.outcome}`)).toEqual(['sA:resolved', 'sB:applied', 'sP:applied']);
  const export2Path = join(exports, 'round2.json');
  writeFileSync(export2Path, round2.stdout);
  const applied2 = await runRead(repo.dir, ['apply', export2Path]);
  expect(applied2.code, applied2.out + applied2.err).toBe(0);
  expect(applied2.out).toMatch(new RegExp(`^sC +${path.replace(/[.]/g, '\\.')}:25 \\(round 1\\) +relocated +.* to line 27`, 'm'));
  expect(applied2.out).toMatch(/^sD +\S+:2 +applied/m);
  const round3Lines = [...round2Lines];
  round3Lines[1] = `${round2Lines[1]} // round 2`;
  round3Lines[26] = `${at(25)} // still open after round 1`;
  expect(read()).toBe(round3Lines.join('\n'));
  // A second run finds every one of them applied, the carried one too.
  const again = JSON.parse((await runRead(repo.dir, ['apply', '--json', export2Path])).out) as { suggestions: { id: string; round: number | null; status: string }[] };
  expect(again.suggestions.map((s) => `${s.id}:${s.round}:${s.status}`)).toEqual(['sD:null:already-applied', 'sC:1:already-applied']);

  const reply = await runRead(repo.dir, ['reply', 'r1', '--text', 'Split in two.', '--addressed']);
  expect(reply.code, reply.err).toBe(0);
  const round3 = await sendRound(repo.dir, () => ({ verdict: 'approve', summary: 'LGTM', annotations: [] }));
  expect(states(round3.data.rounds!.threads)).toEqual({ sA: 'resolved applied', sB: 'open applied', sP: 'open applied', sC: 'open applied', r1: 'addressed', sD: 'open applied' });
  expect(round3.data.rounds!.threads.find((t) => t.id === 'sP')!.annotation.proposal).toBe('p-12');
  const export3 = JSON.parse(round3.stdout) as { carried?: unknown; threads: { open: { id: string }[] } };
  expect(export3.carried).toBeUndefined();
  expect(export3.threads.open.map((t) => t.id)).toEqual(['r1']);

  const listed = JSON.parse((await runRead(repo.dir, ['threads', '--json'])).out) as { threads: Thread[] };
  expect(states(listed.threads)).toEqual(states(round3.data.rounds!.threads));
}

describe('the second round tells the truth about threads', () => {
  it('on a 30-line file: applied, changed, addressed and resolved; a range that grows; provenance kept; earlier open suggestions carried and applied', async () => {
    const repo = makeRepo({ commit: { 'src/lib.ts': 'base\n' } });
    repo.write('src/lib.ts', Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n') + '\n');
    await threeRounds(repo, 'src/lib.ts');
  }, 90_000);

  it('the same on a real change of 135 files (yaml 2.5.0 with 2.8.1 laid over it), on dist/compose/composer.js', async () => {
    const repo = repoWithPublishedChange();
    expect(repo.git('status', '--porcelain').trim().split('\n').length).toBeGreaterThanOrEqual(50);
    await threeRounds(repo, 'dist/compose/composer.js');
  }, 120_000);
});
