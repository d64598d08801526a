/**
 * A feature installed late (the edit feature is a chunk of its own,
 * fetched the first time its setting is on): the page fetches it when the
 * settings want it, once; a failed fetch says so and is tried again on the
 * next change; what it installs shows in components already on screen.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { CALC_FILES, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { installExtension, installLazyExtension, useLazyExtensions } from './extensionSlots.js';
import { FileHeaderActions } from './FileHeaderActions.js';

afterEach(cleanup);

function LazyExtensions() {
  useLazyExtensions();
  return null;
}

it('fetches a lazy feature when the settings first want it, says so when the fetch fails, tries again on the next change, and its slots show at once', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const load = vi
    .fn<() => Promise<void>>()
    .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
    .mockImplementation(async () => installExtension('fileHeaderEnd', () => <span>late button</span>));
  installLazyExtension({ name: 'Late feature', wanted: (s) => s.editSuggestions === true, load });

  const harness = createHarness(makeReview(CALC_PATCH, CALC_FILES));
  const setEdit = (on: boolean) => act(() => harness.store.getState().setSettings({ editSuggestions: on }));
  setEdit(false);
  renderWithReview(
    <>
      <LazyExtensions />
      <FileHeaderActions fileId="src/calc.ts" />
    </>,
    harness,
  );
  // Not wanted: not fetched, and another setting's change does not fetch it either.
  act(() => harness.store.getState().setSettings({ wordWrap: true }));
  expect(load).not.toHaveBeenCalled();

  setEdit(true);
  expect(load).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(harness.store.getState().toasts.map((t) => t.message)).toEqual(['Late feature could not be loaded (is redline still running?). Change the setting again to retry.']));
  expect(screen.queryByText('late button')).toBeNull();
  expect(consoleError).toHaveBeenCalledTimes(1);

  setEdit(false);
  setEdit(true);
  expect(load).toHaveBeenCalledTimes(2);
  // The header already on screen renders what the feature installed.
  expect(await screen.findByText('late button')).toBeTruthy();

  // Loaded: never fetched again.
  setEdit(false);
  setEdit(true);
  expect(load).toHaveBeenCalledTimes(2);
  consoleError.mockRestore();
});
