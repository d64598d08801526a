import { describe, expect, it } from 'vitest';
import { splitText } from '../diff/lines.js';
import { planApply, type ApplyPlan } from './planApply.js';
import { verifySplice } from './verifySplice.js';
import { validateAnnotations } from '../export/validateFeedbackReview.js';
import { sha256Hex } from '../safety/sha256.js';
import { suggestionId } from '../model/suggestionId.js';
import type { Suggestion } from '../model/types.js';

interface SuggestionSpec {
  startLine: number;
  endLine: number;
  originalCode: string;
  suggestedCode: string;
  deletion?: boolean;
  /** The text the suggestion was made on (its sha256 becomes the revision). */
  madeOn: string;
  path?: string;
}

function suggestion(spec: SuggestionSpec): Suggestion {
  const path = spec.path ?? 'src/file.ts';
  const side = 'new';
  return {
    id: suggestionId({ path, side, ...spec }),
    kind: 'suggestion',
    scope: 'line',
    path,
    side,
    startLine: spec.startLine,
    endLine: spec.endLine,
    text: '',
    originalCode: spec.originalCode,
    suggestedCode: spec.suggestedCode,
    deletion: spec.deletion ?? false,
    revision: sha256Hex(spec.madeOn),
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

function plan(text: string, suggestions: Suggestion[]): ApplyPlan {
  return planApply({ text, sha256: sha256Hex(text), suggestions });
}

function statuses(result: ApplyPlan): string[] {
  return result.outcomes.map((o) => o.status);
}

describe('planApply: applying', () => {
  it('replaces the stated lines and reports where', () => {
    const text = 'a\nb\nc\n';
    const s = suggestion({ startLine: 2, endLine: 2, originalCode: 'b', suggestedCode: 'B1\nB2', madeOn: text });
    const result = plan(text, [s]);
    expect(result.newText).toBe('a\nB1\nB2\nc\n');
    expect(result.outcomes[0]).toMatchObject({ id: s.id, status: 'applied', reason: null, at: { startLine: 2, endLine: 2 } });
    expect(result.changed).toBe(true);
  });

  it('applies several suggestions on one file together, whatever their order', () => {
    const text = 'l1\nl2\nl3\nl4\nl5\n';
    const top = suggestion({ startLine: 1, endLine: 1, originalCode: 'l1', suggestedCode: 'x\ny\nz', madeOn: text });
    const middle = suggestion({ startLine: 3, endLine: 4, originalCode: 'l3\nl4', suggestedCode: 'm', madeOn: text });
    const last = suggestion({ startLine: 5, endLine: 5, originalCode: 'l5', suggestedCode: '', deletion: true, madeOn: text });
    const expected = 'x\ny\nz\nl2\nm\n';
    expect(plan(text, [top, middle, last]).newText).toBe(expected);
    expect(plan(text, [last, top, middle]).newText).toBe(expected);
    expect(statuses(plan(text, [last, middle, top]))).toEqual(['applied', 'applied', 'applied']);
  });

  it('inserts into an empty file, and a BOM-only file keeps its BOM', () => {
    const s = suggestion({ startLine: 1, endLine: 0, originalCode: '', suggestedCode: 'first\nsecond', madeOn: '' });
    expect(plan('', [s]).newText).toBe('first\nsecond\n');
    const bomOnly = '\uFEFF';
    const b = suggestion({ startLine: 1, endLine: 0, originalCode: '', suggestedCode: 'x', madeOn: bomOnly });
    expect(plan(bomOnly, [b]).newText).toBe('\uFEFFx\n');
  });

  it('deletes a whole file range, leaving an empty file (BOM kept)', () => {
    const text = '\uFEFFa\r\nb\r\n';
    const s = suggestion({ startLine: 1, endLine: 2, originalCode: 'a\nb', suggestedCode: '', deletion: true, madeOn: text });
    const result = plan(text, [s]);
    expect(result.newText).toBe('\uFEFF');
    expect(result.outcomes[0]!.status).toBe('applied');
  });

  it('is deterministic', () => {
    const text = 'a\nb\nc\n';
    const s = suggestion({ startLine: 2, endLine: 2, originalCode: 'b', suggestedCode: 'B', madeOn: text });
    expect(plan(text, [s])).toEqual(plan(text, [s]));
  });
});

describe('planApply: preserving what the reviewer did not touch', () => {
  it('keeps CRLF, and new lines take the dominant CRLF', () => {
    const text = 'a\r\nb\r\nc\r\n';
    const s = suggestion({ startLine: 2, endLine: 2, originalCode: 'b', suggestedCode: 'x\ny', madeOn: text });
    expect(plan(text, [s]).newText).toBe('a\r\nx\r\ny\r\nc\r\n');
  });

  it('keeps each line of a mixed file its own ending: kept, replaced and inserted lines', () => {
    // Dominant is LF (3 LF, 2 CRLF). Line 2 (CRLF) is the anchor of an insertion:
    // it keeps its CRLF, and the inserted line takes the ending of the line before it.
    const text = 'a\nb\r\nc\nd\r\ne\n';
    const s = suggestion({ startLine: 2, endLine: 2, originalCode: 'b', suggestedCode: 'b\nnew', madeOn: text });
    expect(plan(text, [s]).newText).toBe('a\nb\r\nnew\r\nc\nd\r\ne\n');
    // A replaced line takes the ending of the line it replaces; extra lines that of the last replaced one.
    const replaceCrlf = suggestion({ startLine: 4, endLine: 4, originalCode: 'd', suggestedCode: 'D', madeOn: text });
    expect(plan(text, [replaceCrlf]).newText).toBe('a\nb\r\nc\nD\r\ne\n');
    const grow = suggestion({ startLine: 3, endLine: 4, originalCode: 'c\nd', suggestedCode: 'C\nD\nD2', madeOn: text });
    expect(plan(text, [grow]).newText).toBe('a\nb\r\nC\nD\r\nD2\r\ne\n');
    // At the top of the file an inserted line takes the dominant ending.
    const lfMostly = 'a\r\nb\nc\n';
    const top = suggestion({ startLine: 1, endLine: 1, originalCode: 'a', suggestedCode: 'first\na', madeOn: lfMostly });
    expect(plan(lfMostly, [top]).newText).toBe('first\na\r\nb\nc\n');
  });

  it('keeps lone CR terminators on untouched lines', () => {
    const text = 'a\rb\rc\r';
    const s = suggestion({ startLine: 2, endLine: 2, originalCode: 'b', suggestedCode: 'B', madeOn: text });
    expect(plan(text, [s]).newText).toBe('a\rB\rc\r');
  });

  it('keeps the BOM', () => {
    const text = '\uFEFFa\nb\n';
    const s = suggestion({ startLine: 1, endLine: 1, originalCode: 'a', suggestedCode: 'A', madeOn: text });
    expect(plan(text, [s]).newText).toBe('\uFEFFA\nb\n');
  });

  it('keeps a missing final newline when the last line changes, grows or goes', () => {
    const text = 'a\nb';
    const replace = suggestion({ startLine: 2, endLine: 2, originalCode: 'b', suggestedCode: 'B', madeOn: text });
    expect(plan(text, [replace]).newText).toBe('a\nB');
    const append = suggestion({ startLine: 2, endLine: 2, originalCode: 'b', suggestedCode: 'b\nc', madeOn: text });
    expect(plan(text, [append]).newText).toBe('a\nb\nc');
    const drop = suggestion({ startLine: 2, endLine: 2, originalCode: 'b', suggestedCode: '', deletion: true, madeOn: text });
    expect(plan(text, [drop]).newText).toBe('a');
    const withFinal = 'a\nb\n';
    const dropLast = suggestion({ startLine: 2, endLine: 2, originalCode: 'b', suggestedCode: '', deletion: true, madeOn: withFinal });
    expect(plan(withFinal, [dropLast]).newText).toBe('a\n');
  });

  it('leaves untouched lines byte-identical, whitespace and unicode included', () => {
    const text = '  \t trailing  \r\n`` ```` ``\nzé中😀\u202E\n\nend';
    const s = suggestion({ startLine: 4, endLine: 4, originalCode: '', suggestedCode: 'filled', madeOn: text });
    expect(plan(text, [s]).newText).toBe('  \t trailing  \r\n`` ```` ``\nzé中😀\u202E\nfilled\nend');
  });
});

describe('planApply: refusals', () => {
  const text = 'one\ntwo\nthree\nfour\n';

  // planApply takes resolved suggestions: an old-side anchor, a range whose
  // line count is not its original code's, a bad range or revision, a
  // deletion with code or a comment never reach it. The validator refuses
  // them, naming the field, before anything is planned.
  const validated = (value: unknown) => validateAnnotations([value]);

  it('refuses an old-side anchor', () => {
    const s = { ...suggestion({ startLine: 2, endLine: 2, originalCode: 'two', suggestedCode: 'TWO', madeOn: text }), side: 'old' };
    expect(validated(s)).toMatchObject({ ok: false, problems: [{ field: 'annotations[0].side' }] });
  });

  it('refuses a shrunk range instead of deleting lines nobody saw', () => {
    // Lines 2-3 claimed, but the original code is one line: GitHub would drop line 3.
    const s = suggestion({ startLine: 2, endLine: 3, originalCode: 'two', suggestedCode: 'TWO', madeOn: text });
    expect(validated(s)).toMatchObject({
      ok: false,
      problems: [{ field: 'annotations[0].originalCode', problem: 'expected 2 lines (lines 2-3), got 1' }],
    });
  });

  it('refuses invalid ranges and inconsistent suggestions', () => {
    const base = suggestion({ startLine: 2, endLine: 2, originalCode: 'two', suggestedCode: 'x', madeOn: text });
    const bad: [unknown, string][] = [
      [{ ...base, startLine: 0 }, 'annotations[0].startLine'],
      [{ ...base, endLine: 1 }, 'annotations[0].endLine'],
      [{ ...base, startLine: 1.5 }, 'annotations[0].startLine'],
      [{ ...base, deletion: true }, 'annotations[0].suggestedCode'],
      [{ ...base, revision: 'abc' }, 'annotations[0].revision'],
      [{ ...base, kind: 'comment' }, 'annotations[0].originalCode'],
    ];
    for (const [value, field] of bad) {
      const result = validated(value);
      expect(result.ok, field).toBe(false);
      if (!result.ok) expect(result.problems.map((p) => p.field), field).toContain(field);
    }
  });

  it('refuses a suggestion whose revision is unknown', () => {
    const s: Suggestion = { ...suggestion({ startLine: 2, endLine: 2, originalCode: 'two', suggestedCode: 'x', madeOn: text }), revision: null };
    const result = plan(text, [s]);
    expect(result.outcomes[0]).toMatchObject({ status: 'refused', reason: 'invalid-suggestion' });
    expect(result.newText).toBe(text);
  });

  it('refuses, in an unchanged file, a range that does not hold its original code (no relocation)', () => {
    const s = suggestion({ startLine: 1, endLine: 1, originalCode: 'two', suggestedCode: 'TWO', madeOn: text });
    expect(plan(text, [s]).outcomes[0]).toMatchObject({ status: 'refused', reason: 'original-mismatch' });
    const past = suggestion({ startLine: 9, endLine: 9, originalCode: 'x', suggestedCode: 'y', madeOn: text });
    expect(plan(text, [past]).outcomes[0]!.message).toContain('past the end');
  });

  it('keeps the first of two overlapping suggestions and names it in the other', () => {
    const first = suggestion({ startLine: 2, endLine: 3, originalCode: 'two\nthree', suggestedCode: 'A', madeOn: text });
    const second = suggestion({ startLine: 3, endLine: 4, originalCode: 'three\nfour', suggestedCode: 'B', madeOn: text });
    const result = plan(text, [first, second]);
    expect(result.outcomes[0]!.status).toBe('applied');
    expect(result.outcomes[1]).toMatchObject({ status: 'conflict', reason: 'overlap', conflictsWith: first.id });
    expect(result.outcomes[1]!.message).toContain(first.id);
    expect(result.newText).toBe('one\nA\nfour\n');
    // Export order decides, not line order.
    const swapped = plan(text, [second, first]);
    expect(swapped.outcomes[1]).toMatchObject({ status: 'conflict', conflictsWith: second.id });
    expect(swapped.newText).toBe('one\ntwo\nB\n');
  });

  it('refuses a suggestion that lands on lines another one already claims in the current file', () => {
    // Two reviews (two revisions) aim at the same line: their review ranges cannot be compared, the file's can.
    const first = suggestion({ startLine: 2, endLine: 2, originalCode: 'two', suggestedCode: 'TWO', madeOn: text });
    const second = suggestion({ startLine: 2, endLine: 2, originalCode: 'two', suggestedCode: '2', madeOn: text + 'five\n' });
    const result = plan(text, [first, second]);
    expect(result.outcomes[0]!.status).toBe('applied');
    expect(result.outcomes[1]).toMatchObject({ status: 'conflict', reason: 'overlap', conflictsWith: first.id });
    expect(result.outcomes[1]!.message).toContain('in the current file');
    expect(result.newText).toBe('one\nTWO\nthree\nfour\n');
  });

  it('reports a suggestion the review had already marked outdated', () => {
    const s = { ...suggestion({ startLine: 2, endLine: 2, originalCode: 'two', suggestedCode: 'x', madeOn: text }), outdated: true };
    expect(plan(text, [s]).outcomes[0]).toMatchObject({ status: 'outdated', reason: 'outdated-in-review' });
  });
});

describe('planApply: a file that changed since the review', () => {
  const reviewed = 'alpha\nbeta\ngamma\ndelta\n';

  it('relocates to a unique exact match and says how far it moved', () => {
    const now = 'new 1\nnew 2\nalpha\nbeta\ngamma\ndelta\n';
    const s = suggestion({ startLine: 3, endLine: 3, originalCode: 'gamma', suggestedCode: 'GAMMA', madeOn: reviewed });
    const result = plan(now, [s]);
    expect(result.outcomes[0]).toMatchObject({ status: 'relocated', movedBy: 2, at: { startLine: 5, endLine: 5 } });
    expect(result.newText).toBe('new 1\nnew 2\nalpha\nbeta\nGAMMA\ndelta\n');
  });

  it('is outdated when the original code is gone', () => {
    const now = 'alpha\nbeta\nGamma!\ndelta\n';
    const s = suggestion({ startLine: 3, endLine: 3, originalCode: 'gamma', suggestedCode: 'GAMMA', madeOn: reviewed });
    const result = plan(now, [s]);
    expect(result.outcomes[0]).toMatchObject({ status: 'outdated', reason: 'original-changed' });
    expect(result.newText).toBe(now);
  });

  it('refuses an ambiguous relocation', () => {
    const now = 'gamma\nx\nalpha\nbeta\ngamma\ndelta\n';
    const s = suggestion({ startLine: 3, endLine: 3, originalCode: 'gamma', suggestedCode: 'GAMMA', madeOn: reviewed });
    const result = plan(now, [s]);
    expect(result.outcomes[0]).toMatchObject({ status: 'outdated', reason: 'ambiguous-relocation' });
    expect(result.outcomes[0]!.message).toContain('2 times');
    expect(result.newText).toBe(now);
  });

  it('does not relocate when the suggested code already occurs elsewhere', () => {
    const now = 'x\nalpha\nbeta\ngamma\ndelta\nGAMMA\n';
    const s = suggestion({ startLine: 3, endLine: 3, originalCode: 'gamma', suggestedCode: 'GAMMA', madeOn: reviewed });
    expect(plan(now, [s]).outcomes[0]).toMatchObject({ status: 'outdated', reason: 'suggested-code-elsewhere' });
  });

  it('applies where it was stated when the change is elsewhere', () => {
    const now = 'alpha\nbeta\ngamma\ndelta\nappended\n';
    const s = suggestion({ startLine: 2, endLine: 2, originalCode: 'beta', suggestedCode: 'BETA', madeOn: reviewed });
    const result = plan(now, [s]);
    expect(result.outcomes[0]).toMatchObject({ status: 'applied', movedBy: null });
    expect(result.newText).toBe('alpha\nBETA\ngamma\ndelta\nappended\n');
  });
});

describe('planApply: applying twice is a no-op', () => {
  it('reports already-applied for every suggestion of a second run, shifts and deletions included', () => {
    const text = 'a\r\nb\nc\r\nd\r\ne\r\nf\r\n';
    const all = [
      suggestion({ startLine: 1, endLine: 1, originalCode: 'a', suggestedCode: 'a\nA2\nA3', madeOn: text }),
      suggestion({ startLine: 2, endLine: 2, originalCode: 'b', suggestedCode: '', deletion: true, madeOn: text }),
      suggestion({ startLine: 4, endLine: 5, originalCode: 'd\ne', suggestedCode: 'DE', madeOn: text }),
    ];
    const first = plan(text, all);
    expect(statuses(first)).toEqual(['applied', 'applied', 'applied']);
    const second = plan(first.newText, all);
    expect(statuses(second)).toEqual(['already-applied', 'already-applied', 'already-applied']);
    expect(second.newText).toBe(first.newText);
    expect(second.changed).toBe(false);
  });

  it('proves a deletion already applied even when the next lines repeat the deleted ones', () => {
    const text = 'x\ndup\ndup\ny\n';
    const s = suggestion({ startLine: 2, endLine: 2, originalCode: 'dup', suggestedCode: '', deletion: true, madeOn: text });
    const first = plan(text, [s]);
    expect(first.newText).toBe('x\ndup\ny\n');
    const second = plan(first.newText, [s]);
    expect(second.outcomes[0]!.status).toBe('already-applied');
    expect(second.newText).toBe(first.newText);
  });

  it('applies the rest when only some were applied before (--only, then all)', () => {
    const text = 'p\nq\nr\ns\n';
    const one = suggestion({ startLine: 1, endLine: 1, originalCode: 'p', suggestedCode: 'P\nP2', madeOn: text });
    const two = suggestion({ startLine: 3, endLine: 3, originalCode: 'r', suggestedCode: 'R', madeOn: text });
    const partial = plan(text, [one]).newText;
    const rest = plan(partial, [one, two]);
    expect(statuses(rest)).toEqual(['already-applied', 'applied']);
    expect(rest.outcomes[1]!.at).toEqual({ startLine: 4, endLine: 4 });
    expect(rest.newText).toBe('P\nP2\nq\nR\ns\n');
  });

  it('recognises applied suggestions line by line when the file also changed elsewhere', () => {
    const text = 'p\nq\nr\ns\n';
    const one = suggestion({ startLine: 1, endLine: 1, originalCode: 'p', suggestedCode: 'P\nP2', madeOn: text });
    const two = suggestion({ startLine: 3, endLine: 3, originalCode: 'r', suggestedCode: 'R', madeOn: text });
    const edited = plan(text, [one, two]).newText + 'someone else\n';
    const again = plan(edited, [one, two]);
    expect(statuses(again)).toEqual(['already-applied', 'already-applied']);
    expect(again.newText).toBe(edited);
  });
});

describe('verifySplice', () => {
  const before = splitText('a\nb\nc\n');
  const blocks = [{ pos: 1, removed: ['b'], inserted: ['B'] }];

  it('accepts the honest splice', () => {
    expect(verifySplice(before, splitText('a\nB\nc\n'), blocks)).toBeNull();
  });

  it('catches a change outside the ranges, a wrong insertion, an ending change and a lost BOM', () => {
    expect(verifySplice(before, splitText('A\nB\nc\n'), blocks)).toContain('line 1 outside');
    expect(verifySplice(before, splitText('a\nX\nc\n'), blocks)).toContain('not the suggested code');
    expect(verifySplice(before, splitText('a\nB\nc\r\n'), blocks)).toContain('line ending of line 3');
    expect(verifySplice(before, splitText('a\nB\nc'), blocks)).toContain('line ending');
    expect(verifySplice(splitText('\uFEFFa\nb\nc\n'), splitText('a\nB\nc\n'), blocks)).toContain('byte order mark');
    expect(verifySplice(before, splitText('a\nB\n'), blocks)).toContain('expected 3 lines');
  });
});
