import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_ID } from '@redline/core';
import { CALC_FILES, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness } from '../testing/renderWithReview.js';
import { afterFirstScreen, dismissFirstScreen, handOverFirstScreen } from './firstScreen.js';

/** A first screen holding a comment form as index.html's script makes it. */
function firstScreenWith(form: Record<string, string>, text: string): HTMLTextAreaElement {
  const screen = document.createElement('div');
  screen.id = FIRST_SCREEN_ID;
  const element = document.createElement('form');
  element.setAttribute('data-fs-comment', '');
  for (const [name, value] of Object.entries(form)) element.setAttribute(name, value);
  element.className = 'composer fs-comment';
  const box = document.createElement('textarea');
  box.value = text;
  element.append(box);
  screen.append(element);
  document.body.append(screen);
  return box;
}

const ON_LINE_2 = { 'data-path': 'src/calc.ts', 'data-side': 'new', 'data-line': '2', 'data-state': 'open' };

afterEach(() => {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
});

describe('handing the first screen over to the app', () => {
  it('opens its comment as the app\'s form on the same line, with the text typed', () => {
    const h = createHarness(makeReview(CALC_PATCH, CALC_FILES), {});
    firstScreenWith(ON_LINE_2, 'Why + 0?');
    expect(handOverFirstScreen(h.controller)).toBe('open');
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
    expect(h.store.getState().composer).toMatchObject({ kind: 'comment', text: 'Why + 0?', target: { scope: 'line', fileId: 'src/calc.ts', side: 'new', startLine: 2, endLine: 2 } });
  });

  it('keeps the form being typed in, focused, until the app\'s form is on the page; then moves the text as it is by then, and its caret', async () => {
    const h = createHarness(makeReview(CALC_PATCH, CALC_FILES), {});
    const box = firstScreenWith(ON_LINE_2, 'Why');
    box.focus();
    expect(handOverFirstScreen(h.controller)).toBe('open');
    expect(h.store.getState().composer).toMatchObject({ text: 'Why', target: { scope: 'line', startLine: 2 } });
    // Still there, and called again (the diff view renders more items) it does nothing twice.
    expect(document.getElementById(FIRST_SCREEN_ID)).not.toBeNull();
    expect(handOverFirstScreen(h.controller)).toBe('none');
    box.value = 'Why + 0?'; // keys pressed meanwhile
    box.dispatchEvent(new Event('input', { bubbles: true }));
    box.setSelectionRange(3, 8);
    // The app's form (CommentForm) mounts in a later frame.
    const form = document.createElement('form');
    form.className = 'composer';
    const field = document.createElement('textarea');
    form.append(field);
    document.body.append(form);
    // The store has every key as it is typed; the first screen keeps the focus until the app's field shows the text.
    expect(h.store.getState().composer?.text).toBe('Why + 0?');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.getElementById(FIRST_SCREEN_ID)).not.toBeNull();
    expect(document.activeElement).toBe(box);
    field.value = 'Why + 0?'; // as React renders it from the store
    await vi.waitFor(() => expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull());
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([3, 8]);
    form.remove();
  });

  it('adds one the reviewer already added, and keeps one closed with text as a draft', () => {
    const added = createHarness(makeReview(CALC_PATCH, CALC_FILES), {});
    firstScreenWith({ ...ON_LINE_2, 'data-state': 'adding' }, 'Drop the + 0.');
    expect(handOverFirstScreen(added.controller)).toBe('added');
    expect(added.store.getState().annotations).toMatchObject([{ kind: 'comment', path: 'src/calc.ts', side: 'new', startLine: 2, text: 'Drop the + 0.' }]);
    expect(added.store.getState().composer).toBeNull();

    const kept = createHarness(makeReview(CALC_PATCH, CALC_FILES), {});
    firstScreenWith({ ...ON_LINE_2, 'data-state': 'cancelled' }, 'Half a thought');
    expect(handOverFirstScreen(kept.controller)).toBe('kept');
    expect(kept.store.getState().keptComposer).toMatchObject({ text: 'Half a thought' });
    expect(kept.store.getState().toasts.at(-1)?.message).toBe('Comment closed, kept as a draft');
  });

  it('never drops the text: a line the diff no longer shows becomes a file comment, a file it no longer has a general one', () => {
    const gone = createHarness(makeReview(CALC_PATCH, CALC_FILES), {});
    firstScreenWith({ ...ON_LINE_2, 'data-line': '5' }, 'On a line not in the diff');
    expect(handOverFirstScreen(gone.controller)).toBe('open');
    expect(gone.store.getState().composer).toMatchObject({ text: 'On a line not in the diff', target: { scope: 'file', fileId: 'src/calc.ts' } });

    const other = createHarness(makeReview(CALC_PATCH, CALC_FILES), {});
    firstScreenWith({ ...ON_LINE_2, 'data-path': 'src/gone.ts' }, 'On a file not in the review');
    expect(handOverFirstScreen(other.controller)).toBe('open');
    expect(other.store.getState().composer).toMatchObject({ text: 'On a file not in the review', target: { scope: 'general' } });
  });

  it('keeps a form the draft brought back (with Undo) rather than lose the first screen\'s', () => {
    const h = createHarness(makeReview(CALC_PATCH, CALC_FILES), {});
    h.store.getState().openComposer({ kind: 'comment', target: { scope: 'general' }, text: 'From the last run' });
    firstScreenWith(ON_LINE_2, 'Typed on the first screen');
    expect(handOverFirstScreen(h.controller)).toBe('open');
    expect(h.store.getState().composer).toMatchObject({ text: 'Typed on the first screen', target: { scope: 'line', startLine: 2 } });
    expect(h.store.getState().keptComposer).toMatchObject({ text: 'From the last run' });
  });

  it('takes both a form closed with text and the one opened after it', () => {
    const h = createHarness(makeReview(CALC_PATCH, CALC_FILES), {});
    firstScreenWith({ ...ON_LINE_2, 'data-state': 'cancelled' }, 'Closed first');
    const screen = document.getElementById(FIRST_SCREEN_ID)!;
    const second = document.createElement('form');
    second.setAttribute('data-fs-comment', '');
    for (const [name, value] of Object.entries({ ...ON_LINE_2, 'data-line': '9' })) second.setAttribute(name, value);
    const box = document.createElement('textarea');
    box.value = 'Then this one';
    second.append(box);
    screen.append(second);
    expect(handOverFirstScreen(h.controller)).toBe('open');
    expect(h.store.getState().composer).toMatchObject({ text: 'Then this one', target: { scope: 'line', startLine: 9 } });
    expect(h.store.getState().keptComposer).toMatchObject({ text: 'Closed first', target: { scope: 'line', startLine: 2 } });
  });

  it('takes nothing from a form it did not make, or an empty one that was closed', () => {
    for (const form of [
      { ...ON_LINE_2, 'data-side': 'left' },
      { ...ON_LINE_2, 'data-line': '0' },
      { ...ON_LINE_2, 'data-line': '2.5' },
      { ...ON_LINE_2, 'data-state': 'sent' },
    ]) {
      const h = createHarness(makeReview(CALC_PATCH, CALC_FILES), {});
      firstScreenWith(form, 'text');
      expect(handOverFirstScreen(h.controller)).toBe('none');
      expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
      expect(h.store.getState().composer).toBeNull();
    }
    const h = createHarness(makeReview(CALC_PATCH, CALC_FILES), {});
    firstScreenWith({ ...ON_LINE_2, 'data-state': 'cancelled' }, '   ');
    expect(handOverFirstScreen(h.controller)).toBe('none');
  });

  it('does nothing on a page without a first screen', () => {
    const h = createHarness(makeReview(CALC_PATCH, CALC_FILES), {});
    expect(handOverFirstScreen(h.controller)).toBe('none');
    expect(h.store.getState().composer).toBeNull();
  });
});

describe('what waits for the app\'s own diff (afterFirstScreen)', () => {
  it('runs at once without a first screen, else when it goes, or after the longest wait; once, and never after a cancel', () => {
    vi.useFakeTimers();
    try {
      const ran: string[] = [];
      afterFirstScreen(() => ran.push('none'), 1_000);
      expect(ran).toEqual(['none']);
      firstScreenWith(ON_LINE_2, '');
      afterFirstScreen(() => ran.push('gone'), 1_000);
      afterFirstScreen(() => ran.push('cancelled'), 1_000)();
      vi.advanceTimersByTime(999);
      expect(ran).toEqual(['none']);
      dismissFirstScreen();
      vi.advanceTimersByTime(5_000);
      expect(ran).toEqual(['none', 'gone']);
      firstScreenWith(ON_LINE_2, '');
      afterFirstScreen(() => ran.push('late'), 1_000);
      vi.advanceTimersByTime(1_000);
      dismissFirstScreen();
      expect(ran).toEqual(['none', 'gone', 'late']);
    } finally {
      vi.useRealTimers();
    }
  });
});
