import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSettings, writeSettings, type Settings } from './settings.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { SettingsDialog } from './SettingsDialog.js';

afterEach(cleanup);

function clearCookies() {
  for (const name of ['diffStyle', 'hideWhitespace', 'theme', 'wordWrap', 'editSuggestions']) document.cookie = `${name}=; Path=/; Max-Age=0`;
}

describe('the settings dialog', () => {
  beforeEach(clearCookies);

  it('is a dialog with Display and Editor tabs; the Editor tab holds the placeholder', () => {
    renderWithReview(<SettingsDialog />);
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Display', selected: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Editor' }));
    expect(screen.getByRole('tabpanel').textContent).toMatch(/No editor settings yet/);
  });

  it('changes settings in the store and (through the app wiring) in cookies that survive a new port', () => {
    const harness = createHarness();
    // The app writes changed settings to cookies (mountReviewApp); do the same here.
    harness.store.subscribe((s, prev) => {
      if (s.settings !== prev.settings) writeSettings(s.settings);
    });
    renderWithReview(<SettingsDialog />, harness);
    fireEvent.click(screen.getByRole('radio', { name: 'Unified' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Word wrap' }));
    const expected: Settings = { diffStyle: 'unified', hideWhitespace: false, theme: 'dark', wordWrap: true, editSuggestions: false, pairRenames: true };
    expect(harness.store.getState().settings).toEqual(expected);
    expect(readSettings(document.cookie)).toEqual(expected);
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
