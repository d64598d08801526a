import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedbackDialog } from '../feedback/FeedbackDialog.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { persistPreferences } from '../settings/persistPreferences.js';

afterEach(cleanup);

function open() {
  const h = createHarness();
  h.store.getState().openDialog('feedback');
  renderWithReview(<FeedbackDialog />, h);
  return { ...h, field: screen.getByRole('textbox', { name: /Your name/ }) as HTMLInputElement, send: screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement };
}

describe('"Your name" in the Send dialog', () => {
  it('goes into the submission as the core\'s identity rule gives it (trimmed)', async () => {
    const h = open();
    fireEvent.change(h.field, { target: { value: '  @Alice ' } });
    fireEvent.click(h.send);
    await waitFor(() => expect(h.api.sent).toHaveLength(1));
    expect(h.api.sent[0]!.reviewer).toBe('@Alice');
  });

  it('empty: sent without a reviewer (never filled from anywhere else)', async () => {
    const h = open();
    expect(h.field.value).toBe('');
    fireEvent.click(h.send);
    await waitFor(() => expect(h.api.sent).toHaveLength(1));
    expect(h.api.sent[0]).not.toHaveProperty('reviewer');
  });

  it('a control or invisible character is refused: Send stays disabled and says why', () => {
    const h = open();
    for (const bad of ['bob\u202E', 'zero\u200Bwidth', 'esc\u001B[31m']) {
      fireEvent.change(h.field, { target: { value: bad } });
      expect(h.send.disabled, JSON.stringify(bad)).toBe(true);
      expect(screen.getByRole('alert').textContent).toMatch(/control or invisible character/);
    }
    fireEvent.change(h.field, { target: { value: '@bob' } });
    expect(h.send.disabled).toBe(false);
  });

  it('is remembered in the preferences: saved when valid (trimmed), never when invalid, and no cookie is written', async () => {
    const h = createHarness();
    h.store.getState().setReviewer('Eve@Example.com');
    const persister = persistPreferences(h.store, h.api, { delayMs: 0 });
    h.store.getState().setReviewer('@bob ');
    await persister.flush();
    expect(h.api.preferencesPut.map((put) => put.preferences.reviewer)).toEqual(['@bob']);
    h.store.getState().setReviewer('@bob\u200B');
    await persister.flush();
    expect(h.api.preferencesPut.map((put) => put.preferences.reviewer)).toEqual(['@bob']);
    h.store.getState().setReviewer('');
    await persister.flush();
    expect(h.api.preferencesPut.map((put) => put.preferences.reviewer)).toEqual(['@bob', '']);
    expect(document.cookie).toBe('');
    persister.stop();
  });
});
