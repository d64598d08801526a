/**
 * A chunk's loader that fetches once: every caller shares the one fetch, and
 * a failed fetch is not remembered, so the next caller tries again (the lazy
 * panels, app/lazyPanels.tsx; the lazy extensions, diff/extensionSlots.ts).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
