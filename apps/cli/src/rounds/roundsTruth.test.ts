/**
 * Three rounds of a real review with `redline apply` between them (runCli in
 * process, a real server, real git), checking that the second and third
 * rounds tell the truth about the threads (docs/rounds.md, "Threads"):
 * - suggestions `redline apply` applied read *applied*, however far their
 *   lines moved (the line-9 one, moved down by the insertion above it);
 * - a range thread (lines 19-22) with a line inserted inside it grows and
 *   reads *changed*, its code now the whole range;
 * - an accepted agent proposal still says so a round later (`proposal`);
 * - the round-2 export carries round 1's suggestion still open, with its
 *   code, and `redline apply` on that export applies it, naming round 1;
 * - the agent's *addressed* and the reviewer's *resolve* come through, and
 *   the approving round-3 export asks nothing about applied threads.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Annotation, Thread } from '@redline/core';
import { makeRepo, makeTempDir } from '../../testSupport/gitRepo.js';
import { runRead, sendRound } from '../../testSupport/reviewRounds.js';
import { sha256Bytes } from '../files/sha256Bytes.js';

const ROUND1 = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
const sha = (text: string) => sha256Bytes(Buffer.from(text, 'utf8'));

function suggestion(id: string, startLine: number, originalCode: string, suggestedCode: string, madeOn: string, extra: Partial<Annotation> = {}): Annotation {
  return { id, kind: 'suggestion', scope: 'line', path: 'src/lib.ts', side: 'new', startLine, endLine: startLine, text: id, originalCode, suggestedCode, deletion: false, revision: sha(madeOn), createdAt: '2026-01-01T00:00:00.000Z', ...extra } as Annotation;
}

const states = (threads: readonly Thread[]) => Object.fromEntries(threads.map((t) => [t.id, t.kind === 'suggestion' ? `${t.state}${t.applied ? ' applied' : ''}` : t.state]));

describe('the second round tells the truth about threads', () => {
  it('applied, changed, addressed and resolved; ranges that grow; provenance kept; earlier open suggestions carried and applied', async () => {
    const repo = makeRepo({ commit: { 'src/lib.ts': 'base\n' } });
    repo.write('src/lib.ts', ROUND1);
    const exports = makeTempDir('redline-exports-');
    const range: Annotation = { id: 'r1', kind: 'comment', scope: 'line', path: 'src/lib.ts', side: 'new', startLine: 19, endLine: 22, text: 'this block is muddled', createdAt: '2026-01-01T00:00:00.000Z' };
    const round1 = await sendRound(repo.dir, () => ({
      verdict: 'request-changes',
      summary: '',
      annotations: [
        suggestion('sA', 4, 'line 4', 'line 4\ninserted after 4', ROUND1),
        suggestion('sB', 9, 'line 9', 'LINE NINE', ROUND1),
        suggestion('sP', 12, 'line 12', 'LINE TWELVE', ROUND1, { proposal: 'p-12' }),
        suggestion('sC', 25, 'line 25', 'LINE 25', ROUND1),
        range,
      ],
    }));
    const export1 = join(exports, 'round1.json');
    writeFileSync(export1, round1.stdout);

    // The agent applies three of the four suggestions, then inserts a line inside the range (lines 20-23 after sA's insertion).
    const applied1 = await runRead(repo.dir, ['apply', '--only', 'sA,sB,sP', export1]);
    expect(applied1.code, applied1.err).toBe(0);
    const afterApply = ROUND1.replace('line 4\n', 'line 4\ninserted after 4\n').replace('line 9\n', 'LINE NINE\n').replace('line 12\n', 'LINE TWELVE\n');
    expect(readFileSync(join(repo.dir, 'src/lib.ts'), 'utf8')).toBe(afterApply);
    const round2Text = afterApply.replace('line 20\n', 'line 20\nthe agent inserted this\n');
    repo.write('src/lib.ts', round2Text);

    const round2 = await sendRound(repo.dir, () => ({
      verdict: 'request-changes',
      summary: '',
      annotations: [suggestion('sD', 2, 'line 2', 'LINE TWO', round2Text)],
      threadActs: [{ thread: 'sA', act: 'resolve', text: '' }],
    }));
    const threads2 = round2.data.rounds!.threads;
    expect(states(threads2)).toEqual({ sA: 'open applied', sB: 'open applied', sP: 'open applied', sC: 'open', r1: 'changed' });
    const byId = (id: string) => threads2.find((t) => t.id === id)!;
    expect(byId('sB').lines).toEqual({ startLine: 10, endLine: 10 });
    expect(byId('r1').lines).toEqual({ startLine: 20, endLine: 24 });
    expect(byId('r1').code.now).toBe('line 19\nline 20\nthe agent inserted this\nline 21\nline 22');
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
    expect(applied2.out).toMatch(/^sC +src\/lib\.ts:25 \(round 1\) +relocated +.* to line 27/m);
    expect(applied2.out).toMatch(/^sD +src\/lib\.ts:2 +applied/m);
    expect(readFileSync(join(repo.dir, 'src/lib.ts'), 'utf8')).toBe(round2Text.replace('line 25\n', 'LINE 25\n').replace('line 2\n', 'LINE TWO\n'));
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
  }, 90_000);
});
