/**
 * The dialogs, the search bar, the agent's tour, the fix sets' views, a pull request's and a line's menu, each in its own chunk: the first diff
 * needs none of them, and the entry the page parses before it was 190 KB
 * brotli (the speed target: 130 KB). A panel opened before its chunk
 * arrived renders when it does (Suspense, no fallback); `preloadPanels`
 * fetches them all once the page is idle after mounting, so a dialog opens
 * at once, and still opens after the server has gone (nothing to fetch).
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { loadOnce } from '../ui/loadOnce.js';

const loaders = [
  loadOnce(async () => ({ default: (await import('../feedback/FeedbackDialog.js')).FeedbackDialog })),
  loadOnce(async () => ({ default: (await import('../settings/SettingsDialog.js')).SettingsDialog })),
  loadOnce(async () => ({ default: (await import('../navigation/ShortcutsDialog.js')).ShortcutsDialog })),
  loadOnce(async () => ({ default: (await import('../feedback/CloseReviewDialog.js')).CloseReviewDialog })),
  loadOnce(async () => ({ default: (await import('../search/SearchBar.js')).SearchBar })),
  loadOnce(async () => ({ default: (await import('../tour/TourBar.js')).TourBar })),
  loadOnce(async () => ({ default: (await import('../fixSets/FixSetList.js')).FixSetList })),
  loadOnce(async () => ({ default: (await import('../fixSets/CombineBar.js')).CombineBar })),
  loadOnce(async () => ({ default: (await import('../fixSets/FixSetMembership.js')).FixSetMembership })),
  loadOnce(async () => ({ default: (await import('../threads/ForgeThreadList.js')).ForgeThreadList })),
  loadOnce(async () => ({ default: (await import('../threads/ForgeThreadCard.js')).ForgeThreadCard })),
  loadOnce(async () => ({ default: (await import('../feedback/PublishField.js')).PublishOutcomeNote })),
  loadOnce(async () => ({ default: (await import('../diff/LineMenuList.js')).LineMenuList })),
] as const;

export const FeedbackDialog = lazy(loaders[0]);
export const SettingsDialog = lazy(loaders[1]);
export const ShortcutsDialog = lazy(loaders[2]);
export const CloseReviewDialog = lazy(loaders[3]);
export const SearchBar = lazy(loaders[4]);
/** The agent's tour: only a review whose agent posted one draws it. */
export const TourBar = lazy(loaders[5]);
/** The fix sets' views: only a review with a set (or two suggestions picked to combine) draws them. */
export const FixSetList = lazy(loaders[6]);
export const CombineBar = lazy(loaders[7]);
export const FixSetMembership = lazy(loaders[8]);
/** A pull request's views (its threads on GitHub, the publish outcome): only a review of a pull request draws them. */
export const ForgeThreadList = lazy(loaders[9]);
export const ForgeThreadCard = lazy(loaders[10]);
export const PublishOutcomeNote = lazy(loaders[11]);
/** A line's menu (diff/LineMenu.tsx opens it on a right-click or Shift+F10). */
export const LineMenuList = lazy(loaders[12]);

/** Fetches every panel's chunk; a failure (the server gone) is left to the panel's own import. */
export function preloadPanels(): void {
  for (const load of loaders) load().catch(() => undefined);
}

/** A lazy panel, rendered when its chunk is in. */
export function LazyPanel({ of: Panel }: { of: ComponentType }): ReactNode {
  return (
    <Suspense fallback={null}>
      <Panel />
    </Suspense>
  );
}
