/**
 * The page's fix sets beside its annotations: a set made of an edit
 * session's suggestions, combined and split by the reviewer, and kept true
 * when a member is edited (its id is its content) or deleted.
 */
import { fixSetId, type Suggestion } from '@redline/core';
import { describe, expect, test } from 'vitest';
import { CALC_FILES, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness } from '../testing/renderWithReview.js';

const suggestion = (id: string, startLine: number, path = 'src/calc.ts'): Suggestion => ({
  id,
  kind: 'suggestion',
  scope: 'line',
  path,
  side: 'new',
  startLine,
  endLine: startLine,
  text: '',
  originalCode: `line ${startLine}`,
  suggestedCode: `LINE ${startLine}`,
  deletion: false,
  revision: null,
  createdAt: '2025-01-01T00:00:00Z',
});

function store() {
  return createHarness(makeReview(CALC_PATCH, CALC_FILES)).store;
}

describe('fix sets in the page', () => {
  test("an edit session's suggestions become one set, its id over its members' contents", () => {
    const s = store();
    const members = [suggestion('a', 1), suggestion('b', 5), suggestion('c', 9)];
    s.getState().addSuggestionSet(members, 'Changes in src/calc.ts');
    expect(s.getState().annotations.map((a) => a.id)).toEqual(['a', 'b', 'c']);
    expect(s.getState().fixSets).toEqual([{ id: fixSetId(members), description: 'Changes in src/calc.ts', members: ['a', 'b', 'c'] }]);
  });

  test('combine two suggestions into a set; split it back: the suggestions stay', () => {
    const s = store();
    s.getState().addAnnotation(suggestion('a', 1));
    s.getState().addAnnotation(suggestion('b', 5));
    const combined = s.getState().combineIntoSet(['b', 'a'], 'Both');
    expect(combined).toEqual({ ok: true, setId: expect.any(String) });
    expect(s.getState().fixSets[0]?.members).toEqual(['b', 'a']);
    expect(s.getState().combineIntoSet(['a'], 'One')).toEqual({ ok: false, problem: 'a fix set has at least 2 suggestions, got 1' });
    s.getState().splitSet(s.getState().fixSets[0]!.id);
    expect(s.getState().fixSets).toEqual([]);
    expect(s.getState().annotations).toHaveLength(2);
  });

  test('an edited member keeps its place (new id, new set id); a deleted one leaves, and a set of one is no set', () => {
    const s = store();
    s.getState().addSuggestionSet([suggestion('a', 1), suggestion('b', 5), suggestion('c', 9)], 'Three');
    const before = s.getState().fixSets[0]!;
    const edited = { ...suggestion('b2', 5), suggestedCode: 'OTHER' };
    s.getState().updateAnnotation('b', edited);
    const after = s.getState().fixSets[0]!;
    expect(after.members).toEqual(['a', 'b2', 'c']);
    expect(after.id).not.toBe(before.id);
    expect(after.description).toBe('Three');
    s.getState().deleteAnnotation('a');
    expect(s.getState().fixSets[0]?.members).toEqual(['b2', 'c']);
    s.getState().deleteAnnotation('c');
    expect(s.getState().fixSets).toEqual([]);
  });

  test('Undo of a deleted member puts it back in its set (a set of two, dissolved by the delete, comes back whole)', () => {
    const s = store();
    s.getState().addSuggestionSet([suggestion('a', 1), suggestion('b', 5)], 'Two');
    const before = s.getState().fixSets;
    s.getState().deleteAnnotation('b');
    expect(s.getState().fixSets).toEqual([]);
    s.getState().undoDelete(s.getState().toasts.at(-1)!.id);
    expect(s.getState().annotations.map((a) => a.id)).toEqual(['a', 'b']);
    expect(s.getState().fixSets).toEqual(before);
  });

  test("the set's description is one line the reviewer edits; the id does not change with it", () => {
    const s = store();
    s.getState().addSuggestionSet([suggestion('a', 1), suggestion('b', 5)], 'Changes in src/calc.ts');
    const { id } = s.getState().fixSets[0]!;
    s.getState().describeSet(id, 'Rename calc\n to compute');
    expect(s.getState().fixSets[0]).toMatchObject({ id, description: 'Rename calc to compute' });
  });
});
