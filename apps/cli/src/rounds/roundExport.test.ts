/**
 * The export of round 2 carries the loop, through the real CLI,
 * server and git: what `redline` prints on Send is the very text the page
 * renders from the same ReviewData (the core's buildFeedbackReview and
 * renderFeedbackMarkdown / renderFeedbackJson), with the earlier round's
 * threads, and `redline apply` on it applies nothing from them.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFeedbackReview, renderFeedbackJson, renderFeedbackMarkdown, type Annotation, type FeedbackSubmission, type ReviewData } from '@redline/core';
import { makeRepo } from '../../testSupport/gitRepo.js';
import { runRead, sendRound } from '../../testSupport/reviewRounds.js';

const CALC = ['export function add(a: number, b: number) {', '  return a - b;', '}', '', 'export function twice(n: number) {', '  return n * 3;', '}', ''].join('\n');

function comment(id: string, startLine: number, text: string): Annotation {
  return { id, kind: 'comment', scope: 'line', path: 'src/calc.ts', side: 'new', startLine, endLine: startLine, text, createdAt: '2026-01-01T00:00:00.000Z' };
}

const s1: Annotation = { ...comment('s1', 2, 'add'), kind: 'suggestion', originalCode: '  return a - b;', suggestedCode: '  return a + b;', deletion: false, revision: createHash('sha256').update(CALC).digest('hex') };

describe('the export of round 2', () => {
  it('prints the earlier round\'s threads exactly as the page renders them, in both forms, and apply takes none of them', async () => {
    const repo = makeRepo({ commit: { 'src/calc.ts': 'export function add(a: number, b: number) {\n  return a + b;\n}\n' } });
    repo.write('src/calc.ts', CALC);
    await sendRound(repo.dir, () => ({ verdict: 'request-changes', summary: '', annotations: [s1, comment('c1', 6, 'three?'), comment('c2', 1, 'name it sum')] }));
    repo.write('src/calc.ts', CALC.replace('a - b', 'a + b').replace('n * 3', 'n * 2'));
    repo.commitAll('agent fixes');

    const submission: FeedbackSubmission = { verdict: 'request-changes', summary: 'almost', annotations: [], threadActs: [{ thread: 'c2', act: 'resolve', text: '' }] };
    let page: ReviewData | undefined;
    const markdown = await sendRound(repo.dir, (data) => ((page = data), { ...submission }), [], async () => undefined, 'markdown');
    expect(markdown.stdout).toBe(renderFeedbackMarkdown(buildFeedbackReview(page!, submission, [])));
    expect(markdown.stdout).toContain('## Threads from earlier rounds');
    expect(markdown.stdout).toContain("### Thread `c1` · round 1 · changed\n\n- **Where:** `src/calc.ts` line 6 (new)\n- **Kind:** comment\n\n> three?\n\n**Code now:** (1 line)\n```ts\n  return n * 2;\n```");
    expect(markdown.stdout).toContain('- `c2` (round 1, `src/calc.ts`): resolved by the reviewer\n- `s1` (round 1, `src/calc.ts`): suggestion applied\n');

    const file = join(repo.dir, '..', 'round2.md');
    writeFileSync(file, markdown.stdout);
    const applied = await runRead(repo.dir, ['apply', '--check', '--json', file]);
    expect(applied.code, applied.err).toBe(0);
    expect(JSON.parse(applied.out)).toMatchObject({ suggestions: [], comments: 0, written: [] });

    // Round 3 in JSON: c2 stays resolved (not listed), s1 applied, c1 still changed; the page's own text again.
    const json = await sendRound(repo.dir, (data) => ((page = data), { verdict: 'comment', summary: '', annotations: [] }));
    expect(json.stdout).toBe(renderFeedbackJson(buildFeedbackReview(page!, { verdict: 'comment', summary: '', annotations: [] }, [])));
    const document = JSON.parse(json.stdout) as { version: number; threads: { open: { id: string; state: string }[]; settled: { id: string; outcome: string }[] } };
    expect(document.version).toBe(3);
    expect(document.threads.open.map((t) => `${t.id}:${t.state}`)).toEqual(['c1:changed']);
    expect(document.threads.settled.map((t) => `${t.id}:${t.outcome}`)).toEqual(['s1:applied']);
  }, 60_000);
});
