/**
 * Fix sets on the page: the sidebar lists a set as ONE item (its members not
 * again under their files), with its description (editable), an Overlap flag
 * when a member overlaps another suggestion, and Split; two or more selected
 * suggestions combine into a set; a member under its lines says "Part of set
 * · 1 of 2" and opens to the whole set.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Suggestion } from '@redline/core';
import { afterEach, describe, expect, it } from 'vitest';
import { AnnotationCard } from '../annotations/AnnotationCard.js';
import { AnnotationList } from '../annotations/AnnotationList.js';
import { CALC_FILES, CALC_PATCH, KINDS_FILES, KINDS_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';

afterEach(cleanup);

const suggestion = (id: string, path: string, line: number, code = `NEW ${line}`): Suggestion => ({
  id,
  kind: 'suggestion',
  scope: 'line',
  path,
  side: 'new',
  startLine: line,
  endLine: line,
  text: '',
  originalCode: `old ${line}`,
  suggestedCode: code,
  deletion: false,
  revision: null,
  createdAt: '2025-01-01T00:00:00Z',
});

function harness() {
  const h = createHarness(makeReview(KINDS_PATCH + CALC_PATCH, [...KINDS_FILES, ...CALC_FILES]));
  const s = h.store.getState();
  s.addSuggestionSet([suggestion('m1', 'src/calc.ts', 2), suggestion('m2', 'mod.txt', 1)], 'Changes in 2 files');
  s.addAnnotation(suggestion('s3', 'src/calc.ts', 6));
  s.addAnnotation(suggestion('s4', 'src/calc.ts', 8));
  return h;
}

describe('fix sets in the sidebar', () => {
  it('lists a set as one item, its members not again under their files', async () => {
    renderWithReview(<AnnotationList />, harness());
    // The fix set views are a lazy chunk.
    const sets = within(await screen.findByRole('region', { name: 'Fix sets' }));
    expect(sets.getAllByRole('listitem')).toHaveLength(1);
    expect(sets.getByRole('button', { name: /^Fix set 2 suggestions in 2 files/ })).toBeTruthy();
    expect((sets.getByRole('textbox') as HTMLInputElement).value).toBe('Changes in 2 files');
    const calc = within(screen.getByRole('region', { name: 'src/calc.ts' }));
    expect(calc.getAllByRole('button', { name: /^Suggestion / }).map((b) => b.textContent)).toEqual(['Suggestion Line 6 (new) NEW 6', 'Suggestion Line 8 (new) NEW 8']);
    expect(screen.queryByRole('region', { name: 'mod.txt' })).toBeNull();
  });

  it('the description is edited in place (one line); Split gives the suggestions back', async () => {
    const h = harness();
    renderWithReview(<AnnotationList />, h);
    const field = within(await screen.findByRole('region', { name: 'Fix sets' })).getByRole('textbox');
    fireEvent.change(field, { target: { value: 'Rename calc to compute' } });
    fireEvent.blur(field);
    expect(h.store.getState().fixSets[0]?.description).toBe('Rename calc to compute');
    fireEvent.click(screen.getByRole('button', { name: 'Split fix set: Rename calc to compute' }));
    expect(h.store.getState().fixSets).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Fix sets' })).toBeNull();
    expect(screen.getByRole('region', { name: 'mod.txt' })).toBeTruthy();
  });

  it('two selected suggestions combine into a set; a set selected with a suggestion brings its members', async () => {
    const h = harness();
    renderWithReview(<AnnotationList />, h);
    expect(screen.queryByRole('button', { name: 'Combine into a set' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select suggestion on Line 6 (new) in src/calc.ts' }));
    expect(screen.queryByRole('button', { name: 'Combine into a set' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select suggestion on Line 8 (new) in src/calc.ts' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Combine into a set' }));
    expect(h.store.getState().fixSets.map((set) => [set.description, set.members])).toEqual([
      ['Changes in 2 files', ['m1', 'm2']],
      ['Changes in src/calc.ts', ['s3', 's4']],
    ]);
    // A set and ... the other set: one set of four.
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select fix set: Changes in 2 files' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select fix set: Changes in src/calc.ts' }));
    expect(screen.getByRole('toolbar', { name: 'Selected suggestions' }).textContent).toMatch(/^4 suggestions selected/);
    fireEvent.click(screen.getByRole('button', { name: 'Combine into a set' }));
    expect(h.store.getState().fixSets.map((set) => set.members)).toEqual([['m1', 'm2', 's3', 's4']]);
  });

  it('a set whose member overlaps another suggestion is flagged, as an overlap is', async () => {
    const h = harness();
    act(() => h.store.getState().addAnnotation(suggestion('s5', 'src/calc.ts', 2, 'OTHER')));
    renderWithReview(<AnnotationList />, h);
    expect(within(await screen.findByRole('region', { name: 'Fix sets' })).getByText('Overlap')).toBeTruthy();
  });
});

describe("a member's card under its lines", () => {
  it('says "Part of set · 1 of 2" and opens to the whole set, each member a button', async () => {
    const h = harness();
    const jumped: string[] = [];
    h.controller.jumpToAnnotation = (id) => void jumped.push(id);
    renderWithReview(<AnnotationCard id="m1" />, h);
    const summary = await screen.findByText('Part of set · 1 of 2');
    fireEvent.click(summary);
    const members = within(screen.getByRole('list', { name: 'Fix set: Changes in 2 files' })).getAllByRole('button');
    expect(members.map((b) => b.textContent)).toEqual(['1. src/calc.ts Line 2 (new)', '2. mod.txt Line 1 (new)']);
    fireEvent.click(members[1]!);
    expect(jumped).toEqual(['m2']);
  });

  it('a suggestion in no set says nothing of sets', () => {
    renderWithReview(<AnnotationCard id="s3" />, harness());
    expect(screen.queryByText(/Part of set/)).toBeNull();
  });
});
