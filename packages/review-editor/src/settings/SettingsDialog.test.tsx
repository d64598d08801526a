import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, type Settings } from '@redline/core';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { persistPreferences } from './persistPreferences.js';
import { SettingsDialog } from './SettingsDialog.js';

afterEach(cleanup);

describe('the settings dialog', () => {

  it('is a dialog with Display and Editor tabs; the Editor tab holds the placeholder', () => {
    renderWithReview(<SettingsDialog />);
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Display', selected: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Editor' }));
    expect(screen.getByRole('tabpanel').textContent).toMatch(/No editor settings yet/);
  });

  it('changes settings in the store and (through the app wiring) in one PUT of the preferences, never a cookie', async () => {
    const harness = createHarness();
    // The app saves the preferences as they change (mountReviewApp); do the same here.
    const persister = persistPreferences(harness.store, harness.api, { delayMs: 20 });
    renderWithReview(<SettingsDialog />, harness);
    fireEvent.click(screen.getByRole('radio', { name: 'Unified' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Word wrap' }));
    const expected: Settings = { diffStyle: 'unified', hideWhitespace: false, theme: 'dark', wordWrap: true, editSuggestions: false, pairRenames: true, followLive: 'agent' };
    expect(harness.store.getState().settings).toEqual(expected);
    await waitFor(() => expect(harness.api.preferencesPut).toHaveLength(1));
    expect(harness.api.preferencesPut[0]).toEqual({ preferences: { settings: expected, layout: DEFAULT_LAYOUT, reviewer: '' }, keepalive: false });
    expect(document.cookie).toBe('');
    persister.stop();
  });

  it('re-reads the diff with whitespace ignored for "Hide whitespace"', async () => {
    const harness = createHarness();
    renderWithReview(<SettingsDialog />, harness);
    fireEvent.click(screen.getByRole('checkbox', { name: /Hide whitespace/ }));
    await screen.findByRole('checkbox', { name: /Hide whitespace/, checked: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(harness.api.calls).toContain('review?whitespace=ignore');
    expect(harness.store.getState().settings.hideWhitespace).toBe(true);
  });
});
