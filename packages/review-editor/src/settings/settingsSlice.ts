/** The reviewer's settings and layout in the store (settings.ts and layoutSettings.ts read and write their cookies). */
import type { ReviewSliceCreator } from '../app/reviewStore.js';
import { clampSidebarWidth, DEFAULT_LAYOUT, type LayoutSettings } from './layoutSettings.js';
import type { Settings } from './settings.js';

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
