/** The reviewer's settings in the store (settings.ts reads and writes their cookies). */
import type { ReviewSliceCreator } from '../app/reviewStore.js';
import type { Settings } from './settings.js';

export interface SettingsSlice {
  settings: Settings;
  setSettings(patch: Partial<Settings>): void;
}

export function createSettingsSlice(settings: Settings): ReviewSliceCreator<SettingsSlice> {
  return (set) => ({
    settings,
    setSettings(patch) {
      set((s) => ({ settings: { ...s.settings, ...patch } }));
    },
  });
}
