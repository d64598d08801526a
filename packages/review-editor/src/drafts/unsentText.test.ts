/**
 * Nothing typed is lost: the form being written is in
 * the autosaved draft and comes back on the next load; closing a form with
 * text in it keeps it, and its toast's Undo opens it again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReviewStore } from '../app/reviewStore.js';
import { createAutosaveHarness } from '../testing/autosaveHarness.js';

const LINE = { scope: 'line', fileId: 'src/calc.ts', side: 'new', startLine: 2, endLine: 2 } as const;

function setup() {
  const harness = createAutosaveHarness();
  const { review, api } = harness;
  /** A new page, as after a reload: the review with the draft the server kept. */
  const reload = () => {
    const next = createReviewStore();
    next.getState().loadReview(review, api.drafts.get(review.fingerprint) ?? null);
    return next.getState();
  };
  return { ...harness, reload };
}

describe('unsent text', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is saved with the draft while it is typed and comes back, in its open form, after a reload', async () => {
    const { store, autosave, reload, api, review } = setup();
    store.getState().openComposer({ kind: 'comment', target: LINE });
    store.getState().updateComposer({ text: 'Half a tho' });
    await vi.advanceTimersByTimeAsync(500);
    expect(api.drafts.get(review.fingerprint)?.composer).toEqual({
      kind: 'comment',
      target: { scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 2, endLine: 2 },
      text: 'Half a tho',
      editingId: null,
    });
    expect(reload().composer).toMatchObject({ kind: 'comment', target: LINE, text: 'Half a tho' });
    autosave.stop();
  });

  it('keeps a suggestion being written, with its code, across a reload', async () => {
    const { store, autosave, reload } = setup();
    store.getState().openComposer({ kind: 'suggestion', target: LINE, originalCode: '  return a + b + 0;', revision: 'r1' });
    store.getState().updateComposer({ suggestedCode: '  return a + b;', text: 'drop the + 0' });
    await vi.advanceTimersByTimeAsync(500);
    expect(reload().composer).toMatchObject({ kind: 'suggestion', originalCode: '  return a + b + 0;', suggestedCode: '  return a + b;', text: 'drop the + 0', revision: 'r1' });
    autosave.stop();
  });

  it('closed with Esc or Cancel is kept as a draft: saved, offered back by Undo, and by reopening the same lines', async () => {
    const { store, autosave, reload } = setup();
    store.getState().openComposer({ kind: 'comment', target: LINE });
    store.getState().updateComposer({ text: 'Do not lose me' });
    store.getState().closeComposer();
    expect(store.getState().composer).toBeNull();
    const toast = store.getState().toasts.at(-1)!;
    expect(toast).toMatchObject({ message: 'Comment closed, kept as a draft', undo: { kind: 'reopen' } });
    await vi.advanceTimersByTimeAsync(500);
    expect(reload().composer?.text).toBe('Do not lose me');

    store.getState().reopenClosedComposer(toast.id);
    expect(store.getState().composer).toMatchObject({ target: LINE, text: 'Do not lose me' });
    expect(store.getState().toasts).toEqual([]);

    store.getState().closeComposer();
    store.getState().openComposer({ kind: 'comment', target: LINE });
    expect(store.getState().composer?.text).toBe('Do not lose me');
    autosave.stop();
  });

  it('an empty form closes without a toast and leaves nothing in the draft', async () => {
    const { store, autosave, reload } = setup();
    store.getState().openComposer({ kind: 'comment', target: LINE });
    store.getState().updateComposer({ text: '  ' });
    store.getState().closeComposer();
    expect(store.getState().toasts).toEqual([]);
    store.getState().setSummary('s');
    await vi.advanceTimersByTimeAsync(500);
    expect(reload().composer).toBeNull();
    autosave.stop();
  });

  it('a sent comment is no longer unsent', async () => {
    const { store, autosave, api, review } = setup();
    store.getState().openComposer({ kind: 'comment', target: LINE });
    store.getState().updateComposer({ text: 'Sent' });
    store.getState().submitComposer();
    await vi.advanceTimersByTimeAsync(500);
    expect(api.drafts.get(review.fingerprint)?.composer).toBeNull();
    autosave.stop();
  });
});
