import { buildFeedbackReview, renderFeedbackMarkdown } from '@redline/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CALC_FILES, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { FeedbackDialog } from './FeedbackDialog.js';

afterEach(cleanup);

function harness() {
  const h = createHarness(makeReview(CALC_PATCH, CALC_FILES));
  const s = h.store.getState();
  s.addAnnotation({ id: 'l1', kind: 'comment', scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 9, endLine: 9, text: 'Bump on purpose?\u202E', createdAt: '2025-01-01T00:00:01Z' });
  s.addAnnotation({ id: 's1', kind: 'suggestion', scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 2, endLine: 2, text: '', originalCode: '  return a + b + 0;', suggestedCode: '  return a + b;', deletion: false, revision: null, createdAt: '2025-01-01T00:00:02Z' });
  s.openDialog('feedback');
  return h;
}

const preview = () => screen.getByTestId('feedback-preview').textContent;

describe('the Send Feedback dialog', () => {
  it('previews exactly what renderFeedbackMarkdown gives for the review the server will render', () => {
    const h = harness();
    renderWithReview(<FeedbackDialog />, h);
    const s = h.store.getState();
    const expected = renderFeedbackMarkdown(buildFeedbackReview(s.review!, { verdict: 'comment', summary: '', annotations: s.annotations }, []));
    expect(preview()).toBe(expected);
    expect(preview()).toContain('\\u{202E}'); // the hidden character is escaped visibly
  });

  it('has the three verdicts as radio buttons; choosing one and writing a summary updates the preview', () => {
    const h = harness();
    renderWithReview(<FeedbackDialog />, h);
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')!.querySelector('.verdict-label')!.textContent)).toEqual(['Approve', 'Request changes', 'Comment']);
    expect(screen.getByRole('radio', { name: /^Comment/ })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: /^Request changes/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /Summary/ }), { target: { value: 'Two things.' } });
    expect(h.store.getState().verdict).toBe('request-changes');
    expect(preview()).toContain('Request changes');
    expect(preview()).toContain('> Two things.');
  });

  it('sends exactly the submission whose render the preview showed', async () => {
    const h = harness();
    renderWithReview(<FeedbackDialog />, h);
    fireEvent.click(screen.getByRole('radio', { name: /^Approve/ }));
    const shown = preview();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(h.store.getState().phase).toBe('sent'));
    expect(h.store.getState().sentOutput).toBe(shown);
    expect(h.api.sent[0]).toMatchObject({ verdict: 'approve', summary: '' });
  });

  it('refuses to send overlapping suggestions until they are resolved or confirmed', async () => {
    const h = harness();
    h.store.getState().addAnnotation({ id: 's2', kind: 'suggestion', scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 1, endLine: 3, text: '', originalCode: 'x', suggestedCode: 'y', deletion: false, revision: null, createdAt: '2025-01-01T00:00:03Z' });
    renderWithReview(<FeedbackDialog />, h);
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(screen.getByText(/Overlapping suggestions/)).toBeTruthy();
    expect(send.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send the overlapping suggestions anyway' }));
    expect(send.disabled).toBe(false);
    // Resolving instead: deleting one clears the warning (and the confirmation).
    h.store.getState().deleteAnnotation('s2');
    await waitFor(() => expect(screen.queryByText(/Overlapping suggestions/)).toBeNull());
  });

  it('sends with Mod+Enter', async () => {
    const h = harness();
    renderWithReview(<FeedbackDialog />, h);
    fireEvent.keyDown(screen.getByRole('textbox', { name: /Summary/ }), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(h.api.sent).toHaveLength(1));
  });
});
