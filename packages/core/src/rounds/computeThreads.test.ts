import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../safety/sha256.js';
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
});
