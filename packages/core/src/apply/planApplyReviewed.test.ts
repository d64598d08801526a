/**
 * planApply with the text the suggestions were made on (`reviewed`, which
 * `redline apply` reads from the recorded rounds): their lines are followed
 * through a line diff, however far they moved, so a suggestion applied
 * earlier reads already applied and a pending one is replaced where its
 * lines went, where the line by line rules alone cannot tell.
 */
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../safety/sha256.js';
import type { Suggestion } from '../model/types.js';
import { planApply } from './planApply.js';

const REVIEWED = 'one\ntwo\nthree\nfour\nfive\nsix\n';

function suggestion(id: string, line: number, originalCode: string, suggestedCode: string): Suggestion {
  return { id, kind: 'suggestion', scope: 'line', path: 'f.txt', side: 'new', startLine: line, endLine: line, text: '', originalCode, suggestedCode, deletion: suggestedCode === '', revision: sha256Hex(REVIEWED), createdAt: '' };
}

const plan = (text: string, suggestions: Suggestion[], reviewed?: string) =>
  planApply({ text, sha256: sha256Hex(text), suggestions, ...(reviewed === undefined ? {} : { reviewed: new Map([[sha256Hex(reviewed), reviewed]]) }) });

describe('planApply: following the lines from the reviewed text', () => {
  const four = suggestion('s4', 4, 'four', 'FOUR');

  it('a suggestion applied earlier and moved since reads already applied, where the line by line rules said outdated', () => {
    const now = 'zero\nminus one\none\ntwo\nthree\nFOUR\nfive\nsix\nseven\n';
    expect(plan(now, [four]).outcomes[0]).toMatchObject({ status: 'outdated', reason: 'original-changed' });
    const followed = plan(now, [four], REVIEWED);
    expect(followed.outcomes[0]).toMatchObject({ status: 'already-applied', at: { startLine: 6, endLine: 6 } });
    expect(followed.changed).toBe(false);
  });

  it('a pending one is replaced where its lines went even when its original occurs twice now', () => {
    const now = 'four\nzero\none\ntwo\nthree\nfour\nfive\nsix\n';
    expect(plan(now, [four]).outcomes[0]).toMatchObject({ status: 'outdated', reason: 'ambiguous-relocation' });
    const followed = plan(now, [four], REVIEWED);
    expect(followed.outcomes[0]).toMatchObject({ status: 'relocated', at: { startLine: 6, endLine: 6 }, movedBy: 2 });
    expect(followed.outcomes[0]!.message).toContain('where a line diff from the reviewed text takes its lines');
    expect(followed.newText).toBe('four\nzero\none\ntwo\nthree\nFOUR\nfive\nsix\n');
  });

  it('a text that is not the revision is not used; a changed original is left to the line by line rules', () => {
    const now = 'zero\none\ntwo\nthree\nFOUR\nfive\nsix\n';
    expect(planApply({ text: now, sha256: sha256Hex(now), suggestions: [four], reviewed: new Map([[sha256Hex(REVIEWED), 'not it']]) }).outcomes[0]).toMatchObject({ status: 'outdated' });
    expect(plan('one\ntwo\nthree\nfour!\nfive\nsix\n', [four], REVIEWED).outcomes[0]).toMatchObject({ status: 'outdated', reason: 'original-changed' });
  });

  it('leaves everything to the line by line rules when the diff gives up: its one coarse region would let the code stand anywhere in it', () => {
    const reviewed = Array.from({ length: 3000 }, (_, i) => `r${i}`).join('\n') + '\n';
    // Every other line rewritten (3,000 edits, past the diff's budget of 2,000), and the suggested code already written elsewhere.
    const lines = reviewed.split('\n').map((line, i) => (i % 2 === 1 && i < 2999 ? `now ${i}` : line));
    lines[100] = 'R2';
    const now = lines.join('\n');
    const s: Suggestion = { ...suggestion('r2', 3, 'r2', 'R2'), revision: sha256Hex(reviewed) };
    const result = planApply({ text: now, sha256: sha256Hex(now), suggestions: [s], reviewed: new Map([[sha256Hex(reviewed), reviewed]]) });
    expect(result.outcomes[0]).toMatchObject({ status: 'applied', at: { startLine: 3, endLine: 3 } });
  });
});

