import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../safety/sha256.js';
import { planApply } from '../apply/planApply.js';
import type { Annotation } from '../model/types.js';
import { computeThreads, mayActOnThread, type ThreadInput } from './computeThreads.js';
import type { ThreadAct } from './roundTypes.js';

const BEFORE = 'one\ntwo\nthree\nfour\n';

function comment(id: string, line: number): Annotation {
  return { id, kind: 'comment', scope: 'line', path: 'f.txt', side: 'new', startLine: line, endLine: line, text: id, createdAt: '2026-01-01T00:00:00.000Z' };
}

function input(annotation: Annotation, after: string | null, before: string | null = BEFORE): ThreadInput {
  return { round: 1, reviewer: null, annotation, before, after: after === null ? null : { text: after, sha256: sha256Hex(after) } };
}

const suggestion: Annotation = {
  ...comment('s1', 2),
  kind: 'suggestion',
  originalCode: 'two',
  suggestedCode: 'TWO',
  deletion: false,
  revision: sha256Hex(BEFORE),
};

describe('computeThreads', () => {
  it('open where the lines still are (moved with them), changed where they were edited, outdated where they are gone', () => {
    const after = 'zero\none\ntwo\nTHREE\nfour\n';
    const [moved, changed] = computeThreads([input(comment('a', 2), after), input(comment('b', 3), after)], []);
    const [gone] = computeThreads([input(comment('c', 4), 'one\ntwo\nthree\n')], []);
    expect(moved).toMatchObject({ state: 'open', lines: { startLine: 3, endLine: 3 } });
    expect(changed).toMatchObject({ state: 'changed', lines: { startLine: 4, endLine: 4 } });
    expect(gone).toMatchObject({ state: 'outdated', lines: null });
    expect(computeThreads([input(comment('a', 2), null)], [])[0]).toMatchObject({ state: 'outdated' });
  });

  it('carries the code as recorded and now: the change of a changed thread, the quote of an outdated one', () => {
    const [changed] = computeThreads([input(comment('b', 3), 'one\ntwo\nTHREE\nfour\n')], []);
    expect(changed!.code).toEqual({ recorded: 'three', now: 'THREE' });
    const [gone] = computeThreads([input(comment('c', 4), 'one\ntwo\nthree\n')], []);
    expect(gone!.code).toEqual({ recorded: 'four', now: null });
  });

  it('a suggestion whose code is in place is applied (the apply planner\'s rule); otherwise not applied', () => {
    const [applied] = computeThreads([input(suggestion, BEFORE.replace('two', 'TWO'))], []);
    expect(applied).toMatchObject({ kind: 'suggestion', applied: true, state: 'open', lines: { startLine: 2, endLine: 2 } });
    const [pending] = computeThreads([input(suggestion, `x\n${BEFORE}`)], []);
    expect(pending).toMatchObject({ kind: 'suggestion', applied: false, state: 'open', lines: { startLine: 3, endLine: 3 } });
  });

  it('acts apply oldest first: resolve, addressed, reopen back to what the code says; replies change nothing', () => {
    const act = (a: Partial<ThreadAct> & Pick<ThreadAct, 'act' | 'at'>): ThreadAct => ({ by: 'reviewer', reviewer: 'r', thread: 'a', text: '', ...a }) as ThreadAct;
    const thread = (acts: ThreadAct[]) => computeThreads([input(comment('a', 2), BEFORE)], acts)[0]!.state;
    expect(thread([act({ act: 'resolve', at: '2' })])).toBe('resolved');
    expect(thread([act({ act: 'reopen', at: '3' }), act({ act: 'resolve', at: '2' })])).toBe('open');
    expect(thread([{ by: 'agent', thread: 'a', act: 'addressed', text: 'done', at: '1' }, act({ act: 'reply', at: '2' })])).toBe('addressed');
    expect(thread([act({ act: 'resolve', at: '1', thread: 'other' })])).toBe('open');
  });

  it('only the thread\'s own reviewer resolves or reopens it (seed 001); a teammate\'s resolve stays in the history and changes nothing', () => {
    const owned = (owner: string | null, acts: ThreadAct[]) => computeThreads([{ ...input(comment('a', 2), BEFORE), reviewer: owner }], acts)[0]!;
    const by = (reviewer: string | null, act: 'resolve' | 'reopen' | 'reply', at: string): ThreadAct => ({ by: 'reviewer', reviewer, thread: 'a', act, text: '', at });
    expect(owned('@Alice', [by('@alice', 'resolve', '1')]).state).toBe('resolved');
    const teammate = owned('@Alice', [by('@Bob', 'resolve', '1'), by('@Bob', 'reply', '2')]);
    expect(teammate).toMatchObject({ state: 'open', reviewer: '@Alice' });
    expect(teammate.acts.map((act) => act.act)).toEqual(['resolve', 'reply']);
    expect(owned('@Alice', [by('@alice', 'resolve', '1'), by('@Bob', 'reopen', '2')]).state).toBe('resolved');
    expect(owned('@Alice', [by(null, 'resolve', '1')]).state).toBe('open');
    // A thread sent without a name was claimed by nobody: anyone resolves it.
    expect(owned(null, [by('@Bob', 'resolve', '1')]).state).toBe('resolved');
    expect([mayActOnThread('@Alice', '@ALICE'), mayActOnThread('@Alice', '@Alicé'), mayActOnThread(null, null)]).toEqual([true, false, true]);
  });

  describe('applied from the text, however far the lines moved', () => {
    const text = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const made = (id: string, line: number, originalCode: string, suggestedCode: string): Annotation => ({
      ...comment(id, line),
      kind: 'suggestion',
      originalCode,
      suggestedCode,
      deletion: false,
      revision: sha256Hex(text),
    });
    const insertAfter4 = made('s4', 4, 'line 4', 'line 4\ninserted');
    const change9 = made('s9', 9, 'line 9', 'LINE NINE');
    const threadsOn = (now: string) => computeThreads([insertAfter4, change9].map((a) => input(a, now, text)), []);

    it('reads both suggestions applied after redline apply applied both: the line-9 one moved down by the insertion above it', () => {
      const applied = planApply({ text, sha256: sha256Hex(text), suggestions: [insertAfter4, change9] }).newText;
      const [four, nine] = threadsOn(applied);
      expect(four).toMatchObject({ applied: true, state: 'open', lines: { startLine: 4, endLine: 5 } });
      expect(nine).toMatchObject({ applied: true, state: 'open', lines: { startLine: 10, endLine: 10 }, code: { now: 'LINE NINE' } });
    });

    it('still reads them applied when the agent also added and removed lines elsewhere, and next to the code', () => {
      const applied = planApply({ text, sha256: sha256Hex(text), suggestions: [insertAfter4, change9] }).newText;
      const lines = applied.split('\n');
      lines.splice(10, 0, 'added after the change'); // right under LINE NINE
      lines.splice(0, 2, 'a new head', 'of', 'three lines'); // lines 1-2 replaced by three
      const [four, nine] = threadsOn(lines.join('\n'));
      expect(four).toMatchObject({ applied: true, lines: { startLine: 5, endLine: 6 } });
      expect(nine).toMatchObject({ applied: true, lines: { startLine: 11, endLine: 11 } });
    });

    it('is not applied when the code at its lines is something else, or the suggested code sits beside lines still unchanged', () => {
      const [, nine] = threadsOn(text.replace('line 9', 'line nine'));
      expect(nine).toMatchObject({ applied: false, state: 'changed', lines: { startLine: 9, endLine: 9 } });
      const [, beside] = threadsOn(text.replace('line 9\n', 'LINE NINE\nline 9\n'));
      expect(beside).toMatchObject({ applied: false, state: 'open', lines: { startLine: 10, endLine: 10 } });
    });
  });

  describe('a range is followed through edits inside and around it', () => {
    const text = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const range: Annotation = { ...comment('r', 19), startLine: 19, endLine: 22 };
    const edited = (edit: (lines: string[]) => void) => {
      const lines = text.split('\n');
      edit(lines);
      return computeThreads([input(range, lines.join('\n'), text)], [])[0]!;
    };

    it('grows with a line inserted inside it: lines 19-23, changed, its code now the whole range', () => {
      const thread = edited((lines) => lines.splice(20, 0, 'inserted inside'));
      expect(thread).toMatchObject({ state: 'changed', lines: { startLine: 19, endLine: 23 } });
      expect(thread.code.now).toBe('line 19\nline 20\ninserted inside\nline 21\nline 22');
    });

    it('shrinks with a line deleted inside it, moves with lines above, keeps its length with lines at its ends', () => {
      expect(edited((lines) => lines.splice(20, 1))).toMatchObject({ state: 'changed', lines: { startLine: 19, endLine: 21 } });
      expect(edited((lines) => lines.splice(2, 0, 'x', 'y'))).toMatchObject({ state: 'open', lines: { startLine: 21, endLine: 24 } });
      expect(edited((lines) => lines.splice(22, 0, 'after'))).toMatchObject({ state: 'open', lines: { startLine: 19, endLine: 22 } });
      expect(edited((lines) => lines.splice(16, 4, 'across the start'))).toMatchObject({ state: 'changed', lines: { startLine: 17, endLine: 19 } });
      expect(edited((lines) => lines.splice(18, 4))).toMatchObject({ state: 'outdated', lines: null });
    });
  });

  it('when the diff gives up (past its edit budget), a suggestion reads applied only by apply\'s own planning, not anywhere in the coarse region', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `r${i}`).join('\n') + '\n';
    const lines = before.split('\n').map((line, i) => (i % 2 === 1 && i < 2999 ? `now ${i}` : line));
    lines[100] = 'R2';
    const s: Annotation = { ...comment('s', 3), kind: 'suggestion', originalCode: 'r2', suggestedCode: 'R2', deletion: false, revision: sha256Hex(before) };
    expect(computeThreads([input(s, lines.join('\n'), before)], [])[0]).toMatchObject({ applied: false });
  });
});

