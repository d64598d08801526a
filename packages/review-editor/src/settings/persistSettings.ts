/** Writes every changed setting and layout choice to its cookie (settings.ts, layoutSettings.ts) as the store changes; returns the unsubscribe. */
import type { ReviewStore } from '../app/reviewStore.js';
import { writeLayout, type LayoutSettings } from './layoutSettings.js';
import { writeSettings, type Settings } from './settings.js';

function changedKeys<T extends object>(next: T, prev: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) if (next[key] !== prev[key]) changed[key] = next[key];
  return changed;
}

export function persistSettings(store: ReviewStore): () => void {
  return store.subscribe((s, prev) => {
    if (s.settings !== prev.settings) writeSettings(changedKeys<Settings>(s.settings, prev.settings));
    if (s.layout !== prev.layout) writeLayout(changedKeys<LayoutSettings>(s.layout, prev.layout));
  });
}
