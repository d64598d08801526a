/**
 * The Edit button in the file header: nothing at all while the setting is
 * off; at the far right of the header when on; disabled with the reason as
 * its tooltip for files that cannot be edited, whether the reason is known
 * from the review (deleted, binary, symlink, submodule, too large,
 * patch-only) or learned from the server or the hydration gate (not UTF-8,
 * changed on disk since the diff was read).
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PlainFileFacts, ReviewData } from '@redline/core';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ApiRequestError, installExtension } from '../src/editHost.js';
import { FileHeaderActions, ReviewContext } from '../src/testing/editTestHost.js';
import { KINDS_FILES, makeReview } from '../src/testing/fixtures.js';
import { createHarness, type ReviewHarness } from '../src/testing/renderWithReview.js';
import { EditButton } from './EditButton.js';
import { editControllerFor } from './editSessionController.js';
import { createStubAdapter } from './testing/fakeCodeView.js';

afterEach(cleanup);
beforeEach(() => installExtension('fileHeaderEnd', EditButton));

function harnessFor(review: ReviewData, contents: Record<string, [string | null, string | null]> = {}, flag = true): ReviewHarness {
  const harness = createHarness(review, contents);
  if (flag) harness.store.getState().setSettings({ editSuggestions: true });
  editControllerFor(harness.controller, { loadAdapter: async () => createStubAdapter() });
  return harness;
}

function header(harness: ReviewHarness, fileId: string) {
  return render(
    <ReviewContext.Provider value={harness.controller}>
      <FileHeaderActions fileId={fileId} />
    </ReviewContext.Provider>,
  );
}

const editButton = (path: string) => within(screen.getByRole('group', { name: `${path} actions` })).getByRole('button', { name: 'Edit' });

describe('the Edit button', () => {
  test('with the setting off, the header is exactly what it is without the feature', () => {
    const review = makeReview();
    installExtension('fileHeaderEnd', null);
    const without = header(harnessFor(review, {}, false), 'mod.txt').container.innerHTML;
    cleanup();
    installExtension('fileHeaderEnd', EditButton);
    const off = header(harnessFor(review, {}, false), 'mod.txt').container.innerHTML;
    expect(off).toBe(without);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  test('with the setting on, it is the last control of the header, enabled for an editable file', () => {
    header(harnessFor(makeReview()), 'mod.txt');
    const group = screen.getByRole('group', { name: 'mod.txt actions' });
    const button = editButton('mod.txt');
    expect(group.lastElementChild?.contains(button)).toBe(true);
    const controls = group.querySelectorAll('button, input');
    expect(controls[controls.length - 1]).toBe(button);
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.getAttribute('title')).toMatch(/your changes become suggestions/);
  });

  test.each([
    ['del.txt', /^Deleted file/],
    ['bin.dat', /^Binary file/],
    ['link', /^Symbolic link/],
    ['pure2.txt', /^No changed lines/],
    ['run.sh', /^No changed lines/],
  ])('is disabled for %s, naming the reason', (path, reason) => {
    header(harnessFor(makeReview()), path);
    const button = editButton(path) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toMatch(reason);
    // The wrapper carries the tooltip too: a disabled button gets no hover in some browsers.
    expect(button.parentElement?.title).toBe(button.title);
  });

  test('is disabled for files too large, submodules and patch-only reviews', () => {
    const facts = (patch: Partial<Omit<PlainFileFacts, 'status' | 'oldPath'>>) => KINDS_FILES.map((f) => (f.path === 'mod.txt' ? { ...f, ...patch } : f));
    header(harnessFor(makeReview(undefined, facts({ newSize: 9 * 1024 * 1024 }))), 'mod.txt');
    expect(editButton('mod.txt').title).toBe('Too large to edit (9.0 MB; the limit is 8.0 MB)');
    cleanup();
    header(harnessFor(makeReview(undefined, facts({ submodule: true }))), 'mod.txt');
    expect(editButton('mod.txt').title).toMatch(/^Submodule/);
    cleanup();
    header(harnessFor(makeReview(undefined, undefined, { patchOnly: true })), 'mod.txt');
    expect((editButton('mod.txt') as HTMLButtonElement).disabled).toBe(true);
    expect(editButton('mod.txt').title).toMatch(/^Patch-only review/);
  });

  test('learns "not UTF-8" from the server on click, and stays disabled with that reason', async () => {
    const harness = harnessFor(makeReview());
    harness.api.getFile = async () => {
      throw new ApiRequestError('file: mod.txt is not valid UTF-8', 422, 'not-utf8');
    };
    header(harness, 'mod.txt');
    fireEvent.click(editButton('mod.txt'));
    await waitFor(() => expect((editButton('mod.txt') as HTMLButtonElement).disabled).toBe(true));
    expect(editButton('mod.txt').title).toBe('Not UTF-8 text: it cannot be edited here');
    expect(harness.store.getState().toasts.at(-1)?.message).toBe('Cannot edit mod.txt: Not UTF-8 text: it cannot be edited here');
  });

  test('learns "changed on disk" from the server (409) or from contents that no longer match the patch', async () => {
    const harness = harnessFor(makeReview(), { 'mod.txt': ['a\nb\nc\n', 'a\nB\nc\n'] });
    harness.api.review = { ...harness.api.review, fingerprint: 'f'.repeat(64) }; // the server moved on: 409 'changed'
    header(harness, 'mod.txt');
    fireEvent.click(editButton('mod.txt'));
    await waitFor(() => expect(editButton('mod.txt').title).toMatch(/^Changed on disk since the diff was read/));
    cleanup();

    const stale = harnessFor(makeReview(), { 'mod.txt': ['a\nb\nc\n', 'a\nB2\nc\n'] });
    header(stale, 'mod.txt');
    fireEvent.click(editButton('mod.txt'));
    await waitFor(() => expect(editButton('mod.txt').title).toBe('Changed on disk since the diff was read: refresh the diff to edit it (line 2, new side)'));
    expect((editButton('mod.txt') as HTMLButtonElement).disabled).toBe(true);
  });

  test('a consistent file enters the session: the button shows it is pressed', async () => {
    const harness = harnessFor(makeReview(), { 'mod.txt': ['a\nb\nc\n', 'a\nB\nc\n'] });
    header(harness, 'mod.txt');
    fireEvent.click(editButton('mod.txt'));
    await waitFor(() => expect(editButton('mod.txt').getAttribute('aria-pressed')).toBe('true'));
    expect((editButton('mod.txt') as HTMLButtonElement).disabled).toBe(false);
  });
});
