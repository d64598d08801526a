import type { Suggestion } from '@redline/core';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CALC_FILES, CALC_NEW, CALC_OLD, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { ComposerForm } from './ComposerForm.js';

afterEach(cleanup);

async function openSuggestion(startLine: number, endLine: number) {
  const harness = createHarness(makeReview(CALC_PATCH, CALC_FILES), { 'src/calc.ts': [CALC_OLD, CALC_NEW] });
  await harness.controller.openSuggestion({ scope: 'line', fileId: 'src/calc.ts', side: 'new', startLine, endLine });
  return renderWithReview(<ComposerForm />, harness);
}

describe('the suggestion editor', () => {
  it('is prefilled with the selected new-side lines, read from the served file (its sha256 becomes the revision)', async () => {
    const view = await openSuggestion(1, 2);
    const code = screen.getByRole('textbox', { name: 'Suggested code' }) as HTMLTextAreaElement;
    expect(code.value).toBe('export function add(a: number, b: number) {\n  return a + b + 0;');
    fireEvent.change(code, { target: { value: 'export function add(a: number, b: number) {\n  return a + b;' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add suggestion' }));
    const [annotation] = view.store.getState().annotations;
    expect(annotation).toMatchObject({ kind: 'suggestion', startLine: 1, endLine: 2, suggestedCode: 'export function add(a: number, b: number) {\n  return a + b;' });
    expect((annotation as Suggestion).revision).toMatch(/^[0-9a-f]{64}$/);
    expect(view.api.calls).toContain('file src/calc.ts');
  });

  it('offers "Delete these lines" and sends a deletion only when chosen', async () => {
    const view = await openSuggestion(9, 9);
    fireEvent.click(screen.getByRole('button', { name: 'Delete these lines' }));
    expect(screen.queryByRole('textbox', { name: 'Suggested code' })).toBeNull();
    expect(screen.getByText('Deletes these lines')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add suggestion' }));
    expect(view.store.getState().annotations[0]).toMatchObject({ deletion: true, suggestedCode: '', originalCode: 'export const VERSION = 2;' });
  });

  it('asks when the code is emptied by hand: delete the lines, or one empty line', async () => {
    const view = await openSuggestion(9, 9);
    fireEvent.change(screen.getByRole('textbox', { name: 'Suggested code' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add suggestion' }));
    const question = screen.getByRole('alert');
    expect(question.textContent).toMatch(/Delete these lines, or replace them with one empty line/);
    fireEvent.click(within(question).getByRole('button', { name: 'Replace with one empty line' }));
    const [annotation] = view.store.getState().annotations;
    expect(annotation).toMatchObject({ suggestedCode: '' });
    // The resolved Suggestion type states its deletion flag (it was left out when false).
    expect((annotation as Suggestion).deletion).toBe(false);
  });

  it('submits with Mod+Enter and cancels with Escape', async () => {
    const view = await openSuggestion(2, 2);
    const code = screen.getByRole('textbox', { name: 'Suggested code' });
    fireEvent.change(code, { target: { value: '  return a + b;' } });
    fireEvent.keyDown(code, { key: 'Enter', ctrlKey: true });
    expect(view.store.getState().annotations).toHaveLength(1);
    await view.controller.openSuggestion({ scope: 'line', fileId: 'src/calc.ts', side: 'new', startLine: 9, endLine: 9 });
    fireEvent.keyDown(await screen.findByRole('textbox', { name: 'Suggested code' }), { key: 'Escape' });
    expect(view.store.getState().composer).toBeNull();
  });

  it('warns while the range overlaps another suggestion', async () => {
    const view = await openSuggestion(1, 2);
    view.store.getState().addAnnotation({ id: 'x', kind: 'suggestion', scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 2, endLine: 3, text: '', originalCode: 'q', suggestedCode: 'r', deletion: false, revision: null, createdAt: '' });
    expect((await screen.findByRole('note')).textContent).toMatch(/Overlaps another suggestion on Lines 2–3 \(new\)/);
  });
});
