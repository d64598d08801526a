import type { Annotation } from '@redline/core';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CALC_FILES, CALC_NEW, CALC_OLD, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { AnnotationCard } from '../annotations/AnnotationCard.js';
import { AnnotationList } from '../annotations/AnnotationList.js';
import { ComposerForm } from './ComposerForm.js';
import { composerToUnsent, unsentToComposerInput } from './unsentComposer.js';

afterEach(cleanup);

function harness() {
  return createHarness(makeReview(CALC_PATCH, CALC_FILES), { 'src/calc.ts': [CALC_OLD, CALC_NEW] });
}

function openComment() {
  const h = harness();
  h.store.getState().openComposer({ kind: 'comment', target: { scope: 'line', fileId: 'src/calc.ts', side: 'new', startLine: 2, endLine: 2 } });
  return renderWithReview(<ComposerForm />, h);
}

const kind = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
const blocking = () => screen.getByRole('checkbox', { name: 'Blocking' }) as HTMLInputElement;

describe('the label picker', () => {
  it('offers the five kinds as toggle buttons, none pressed and Blocking off until a kind is picked', () => {
    openComment();
    const group = screen.getByRole('group', { name: 'Label (optional)' });
    expect([...group.querySelectorAll('button')].map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['question', 'false'], ['suggestion', 'false'], ['issue', 'false'], ['nitpick', 'false'], ['praise', 'false'],
    ]);
    expect(blocking().disabled).toBe(true);
  });

  it('an issue is blocking by default, the reviewer can flip it, and the comment carries the label', () => {
    const view = openComment();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'this leaks' } });
    fireEvent.click(kind('issue'));
    expect(kind('issue').getAttribute('aria-pressed')).toBe('true');
    expect(blocking().checked).toBe(true);
    fireEvent.click(blocking());
    expect(blocking().checked).toBe(false);
    fireEvent.click(blocking());
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(view.store.getState().annotations[0]).toMatchObject({ text: 'this leaks', label: { kind: 'issue', blocking: true } });
  });

  it('picking the chosen kind again removes the label; a nitpick is non-blocking', () => {
    const view = openComment();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'n' } });
    fireEvent.click(kind('nitpick'));
    expect(blocking().checked).toBe(false);
    fireEvent.click(kind('nitpick'));
    expect(kind('nitpick').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect('label' in view.store.getState().annotations[0]!).toBe(false);
  });

  it('Alt+1…Alt+5 in the form pick the kinds in order (by the physical key), without typing', () => {
    const view = openComment();
    const text = screen.getByRole('textbox');
    fireEvent.change(text, { target: { value: 'why?' } });
    fireEvent.keyDown(text, { key: '¡', code: 'Digit1', altKey: true });
    expect(kind('question').getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(text, { key: '™', code: 'Digit5', altKey: true });
    expect(kind('praise').getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(text, { key: '1', code: 'Digit1', ctrlKey: true, altKey: true });
    expect(kind('praise').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(view.store.getState().annotations[0]!.label).toEqual({ kind: 'praise', blocking: false });
  });

  it('a suggestion takes a label too, and editing keeps it or changes it', async () => {
    const h = harness();
    await h.controller.openSuggestion({ scope: 'line', fileId: 'src/calc.ts', side: 'new', startLine: 9, endLine: 9 });
    const view = renderWithReview(<ComposerForm />, h);
    fireEvent.change(screen.getByRole('textbox', { name: 'Suggested code' }), { target: { value: 'export const VERSION = 3;' } });
    fireEvent.click(kind('nitpick'));
    fireEvent.click(screen.getByRole('button', { name: 'Add suggestion' }));
    const [suggestion] = view.store.getState().annotations;
    expect(suggestion).toMatchObject({ kind: 'suggestion', label: { kind: 'nitpick', blocking: false } });
    act(() => void view.store.getState().editAnnotation(suggestion!.id));
    expect(kind('nitpick').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(kind('nitpick'));
    fireEvent.click(screen.getByRole('button', { name: 'Update suggestion' }));
    expect('label' in view.store.getState().annotations[0]!).toBe(false);
  });

  it('an unsent form keeps its label in the draft and gets it back', () => {
    const view = openComment();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'half a thought' } });
    fireEvent.click(kind('question'));
    const unsent = composerToUnsent(view.store.getState().composer!);
    expect(unsent).toMatchObject({ kind: 'comment', text: 'half a thought', label: { kind: 'question', blocking: false } });
    expect(unsentToComposerInput(unsent!, () => true)).toMatchObject({ label: { kind: 'question', blocking: false } });
    fireEvent.click(kind('question'));
    expect('label' in composerToUnsent(view.store.getState().composer!)!).toBe(false);
  });

  it('the card shows the label as a chip: "nitpick · non-blocking", "issue · blocking"', () => {
    const h = harness();
    const base = { kind: 'comment', scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 2, endLine: 2, text: 'x', createdAt: '' } as const;
    const annotations: Annotation[] = [
      { ...base, id: 'a', label: { kind: 'nitpick', blocking: false } },
      { ...base, id: 'b', label: { kind: 'issue', blocking: true } },
      { ...base, id: 'c' },
    ];
    for (const a of annotations) h.store.getState().addAnnotation(a);
    renderWithReview(<>{annotations.map((a) => <AnnotationCard key={a.id} id={a.id} />)}</>, h);
    expect([...document.querySelectorAll('.label-chip')].map((c) => c.textContent)).toEqual(['nitpick · non-blocking', 'issue · blocking']);
    cleanup();
    // The Comments tab's list shows them too, in its rows' names.
    renderWithReview(<AnnotationList />, h);
    expect(screen.getAllByRole('button', { name: /^Comment Line 2 \(new\)/ }).map((b) => b.textContent)).toEqual([
      'Comment Line 2 (new) nitpick · non-blocking x', 'Comment Line 2 (new) issue · blocking x', 'Comment Line 2 (new) x',
    ]);
  });
});
