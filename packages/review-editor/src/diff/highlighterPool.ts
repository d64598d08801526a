/**
 * The highlighter worker pool: its options, and starting it as early as the
 * page can.
 *
 * CodeView paints nothing until the pool has started (Pierre's
 * `CodeView.isReady()`), and starting means loading the themes and Shiki on
 * the main thread and in two workers. Started from React (the provider's
 * first render), that began after the whole app had evaluated and rendered
 * once, and it was the last thing the first diff waited for (CPU profile of
 * a cold S load: the theme modules were evaluated only after the app's first
 * full render, about 250 ms of main-thread work).
 * mountReviewApp starts it before React; WorkerPoolContextProvider then finds
 * the same pool (Pierre keeps one per page). (Workers started by index.html
 * before the app, tried too, made no difference once the app started after
 * the server's first screen was painted: 8 interleaved loads of S each.)
 */
import { getOrCreateWorkerPoolSingleton, type WorkerPoolManager } from '@pierre/diffs/worker';

export const DIFF_THEMES = { dark: 'github-dark-high-contrast', light: 'github-light-high-contrast' } as const;

/**
 * Highlighting runs in two workers (fully offline: grammars and themes are
 * sidecar chunks of this build, fetched per language when first needed).
 */
export const POOL_OPTIONS = {
  poolSize: 2,
  workerFactory: () => new Worker(new URL('@pierre/diffs/worker/worker.js', import.meta.url), { type: 'module' }),
};

/**
 * With "Edit Code to Suggest" on, the workers highlight in the form Pierre's
 * editor can take over (the token transformer), so entering edit mode reuses
 * their work instead of re-highlighting the whole file on the main thread.
 * Off, the page renders exactly as without the feature. (The pool is created
 * once; the edit feature switches this at run time when the setting changes.)
 */
export function highlighterOptions(editSuggestions: boolean) {
  return { theme: DIFF_THEMES, lineDiffType: 'word-alt' as const, useTokenTransformer: editSuggestions };
}

/** Creates the page's pool now (or returns it): themes, Shiki and the workers start loading. */
export function startHighlighterPool(editSuggestions: boolean): WorkerPoolManager | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return getOrCreateWorkerPoolSingleton({ poolOptions: POOL_OPTIONS, highlighterOptions: highlighterOptions(editSuggestions) });
}

/**
 * Resolves when the pool has started (or failed: the diff then highlights on
 * the main thread), or after `capMs`, whichever is first.
 */
export function whenHighlighterReady(pool: WorkerPoolManager | undefined, capMs: number): Promise<void> {
  if (!pool) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, capMs);
    pool.initialize().then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}
