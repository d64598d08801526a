/** The reviewer's settings and layout in the store (the core's Preferences; persistPreferences.ts keeps them in the preferences file). */
import { clampSidebarWidth, DEFAULT_LAYOUT, type LayoutSettings, type Settings } from '@redline/core';
import type { ReviewSliceCreator } from '../app/reviewStore.js';

export interface SettingsSlice {
  settings: Settings;
  setSettings(patch: Partial<Settings>): void;
  layout: LayoutSettings;
  setLayout(patch: Partial<LayoutSettings>): void;
  /** The sidebar's button and `b`. */
  toggleSidebar(): void;
}

export function createSettingsSlice(settings: Settings, layout: LayoutSettings = DEFAULT_LAYOUT): ReviewSliceCreator<SettingsSlice> {
  return (set, get) => ({
    settings,
    setSettings(patch) {
      set((s) => ({ settings: { ...s.settings, ...patch } }));
    },
    layout,
    setLayout(patch) {
      const next = { ...get().layout, ...patch };
      set({ layout: { ...next, sidebarWidth: clampSidebarWidth(next.sidebarWidth) } });
    },
    toggleSidebar() {
      get().setLayout({ sidebar: get().layout.sidebar === 'shown' ? 'hidden' : 'shown' });
    },
  });
}
