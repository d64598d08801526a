import { DEFAULT_PREFERENCES, PREFERENCES_ELEMENT_ID } from '@redline/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHarness } from '../testing/renderWithReview.js';
import { readInjectedPreferences } from './injectedPreferences.js';
import { persistPreferences } from './persistPreferences.js';

afterEach(() => {
  vi.useRealTimers();
  document.getElementById(PREFERENCES_ELEMENT_ID)?.remove();
});

describe('persistPreferences', () => {
  it('dragging the sidebar (40 widths in 1 s) is one PUT of the whole preferences, 300 ms after the last', async () => {
    vi.useFakeTimers();
    const h = createHarness();
    const persister = persistPreferences(h.store, h.api);
    for (let i = 0; i < 40; i++) {
      h.store.getState().setLayout({ sidebarWidth: 200 + i * 5 });
      await vi.advanceTimersByTimeAsync(25);
    }
    expect(h.api.preferencesPut).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(300);
    expect(h.api.preferencesPut).toEqual([{ preferences: { ...DEFAULT_PREFERENCES, layout: { ...DEFAULT_PREFERENCES.layout, sidebarWidth: 395 } }, keepalive: false }]);
    persister.stop();
  });

  it('what is pending goes at once, with keepalive, when the page is hidden; nothing when nothing changed', async () => {
    const h = createHarness();
    const target = new EventTarget();
    const persister = persistPreferences(h.store, h.api, { target: target as unknown as Window });
    target.dispatchEvent(new Event('pagehide'));
    await Promise.resolve();
    expect(h.api.preferencesPut).toHaveLength(0);
    h.store.getState().setSettings({ theme: 'dark' });
    target.dispatchEvent(new Event('pagehide'));
    await Promise.resolve();
    expect(h.api.preferencesPut).toEqual([{ preferences: { ...DEFAULT_PREFERENCES, settings: { ...DEFAULT_PREFERENCES.settings, theme: 'dark' } }, keepalive: true }]);
    persister.stop();
  });

  it('a failed save says so in a toast', async () => {
    const h = createHarness();
    h.api.putPreferences = async () => {
      throw new Error('preferences: HTTP 500');
    };
    const persister = persistPreferences(h.store, h.api, { delayMs: 0 });
    h.store.getState().setSettings({ wordWrap: true });
    await persister.flush();
    expect(h.store.getState().toasts.map((t) => t.message)).toEqual(['Your settings could not be saved: preferences: HTTP 500']);
    persister.stop();
  });
});

describe('readInjectedPreferences', () => {
  it("reads the server's element with the core's reader; none, or not JSON, is the defaults", () => {
    expect(readInjectedPreferences()).toEqual(DEFAULT_PREFERENCES);
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = PREFERENCES_ELEMENT_ID;
    element.textContent = JSON.stringify({ ...DEFAULT_PREFERENCES, settings: { ...DEFAULT_PREFERENCES.settings, theme: 'dark', hideWhitespace: 'yes' }, reviewer: '<bob>' }).replace('<', '\\u003c');
    document.head.append(element);
    expect(readInjectedPreferences()).toEqual({ ...DEFAULT_PREFERENCES, settings: { ...DEFAULT_PREFERENCES.settings, theme: 'dark' }, reviewer: '<bob>' });
    element.textContent = '{';
    expect(readInjectedPreferences()).toEqual(DEFAULT_PREFERENCES);
  });
});
