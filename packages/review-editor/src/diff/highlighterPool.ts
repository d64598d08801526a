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
 * the same pool (Pierre keeps one per page). Its two workers are the ones
 * index.html's starter created with the app's script (`takeEarlyWorker`):
 * they load Shiki on their own threads while the app is fetched and
 * compiled. With the app's entry asked for before the twenty preloads,
 * that moved the app's own diff on R (the real change) from 1.81 s to
 * 1.62 s (medians of 6 interleaved loads; on S 1.64 → 1.58 s, 5 loads).
 * e2e/foundation.spec.ts checks that the pool starts no others.
 */
import { getOrCreateWorkerPoolSingleton, type WorkerPoolManager } from '@pierre/diffs/worker';

export const DIFF_THEMES = { dark: 'github-dark-high-contrast', light: 'github-light-high-contrast' } as const;

/**
 * Highlighting runs in two workers (fully offline: grammars and themes are
 * sidecar chunks of this build, fetched per language when first needed).
 */
export const POOL_OPTIONS = {
  poolSize: 2,
  workerFactory: () => takeEarlyWorker() ?? new Worker(new URL('@pierre/diffs/worker/worker.js', import.meta.url), { type: 'module' }),
};

declare global {
  interface Window {
    /** Started by index.html's starter with the app's script (the built page only). */
    __redlineEarlyWorkers?: Worker[];
  }
}

/** One of the workers index.html started, once each; none in the dev server or tests. */
function takeEarlyWorker(): Worker | undefined {
  return typeof window === 'undefined' ? undefined : window.__redlineEarlyWorkers?.shift();
}

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
