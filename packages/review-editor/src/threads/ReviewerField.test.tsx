import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedbackDialog } from '../feedback/FeedbackDialog.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { persistReviewer, readReviewerCookie, REVIEWER_COOKIE } from './reviewerCookie.js';

afterEach(cleanup);

/** A document.cookie stand-in: assignments append, reading joins (what the page relies on). */
function cookieJar(initial = '') {
  const jar = new Map<string, string>();
  for (const part of initial.split(';').filter(Boolean)) jar.set(part.split('=')[0]!.trim(), part.slice(part.indexOf('=') + 1));
  return {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      const [pair] = line.split(';');
      jar.set(pair!.split('=')[0]!, pair!.slice(pair!.indexOf('=') + 1));
    },
  };
}

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

  it('is remembered in a cookie: read at start, written when valid, not when invalid', () => {
    const doc = cookieJar(`theme=dark; ${REVIEWER_COOKIE}=${encodeURIComponent('Eve@Example.com')}`);
    const h = createHarness();
    persistReviewer(h.store, doc);
    expect(h.store.getState().reviewer).toBe('Eve@Example.com');
    h.store.getState().setReviewer('@bob ');
    expect(readReviewerCookie(doc.cookie)).toBe('@bob');
    h.store.getState().setReviewer('@bob\u200B');
    expect(readReviewerCookie(doc.cookie)).toBe('@bob');
  });
});
