/** Writes every changed setting to its cookie (settings.ts) as the store changes; returns the unsubscribe. */
import type { ReviewStore } from '../app/reviewStore.js';
import { writeSettings, type Settings } from './settings.js';

export function persistSettings(store: ReviewStore): () => void {
  return store.subscribe((s, prev) => {
    if (s.settings === prev.settings) return;
    const changed: Partial<Settings> = {};
    for (const key of Object.keys(s.settings) as (keyof Settings)[]) {
      if (s.settings[key] !== prev.settings[key]) (changed as Record<string, unknown>)[key] = s.settings[key];
    }
    writeSettings(changed);
  });
}
