/** The session's use of the page's highlighting worker pool. */
import type { FileDiffMetadata } from '@pierre/diffs';
import type { DiffEditHooks } from '../src/editHost.js';

/** The part of Pierre's worker pool manager the session uses. */
export type WorkerPool = NonNullable<Parameters<DiffEditHooks['setWorkerPool']>[0]>;

/**
 * Has the workers highlight `fileDiff` in the form the editor can take over
 * (the token transformer), off the main thread, before the item shows it.
 * Pierre keeps an item's highlighted render when an edit session starts
 * from the same diff with the same options; without it, edit mode
 * highlights the whole file (both sides) on the main thread: one 5.4 s
 * task for 7,500 lines on the test machine. Best effort: no pool, a failed
 * or slow one only cost that main-thread work.
 */
export async function primeHighlight(pool: WorkerPool | null, fileDiff: FileDiffMetadata, timeoutMs: number): Promise<void> {
  if (!pool || !pool.isWorkingPool() || pool.getDiffRenderOptions().useTokenTransformer !== true || !fileDiff.cacheKey || fileDiff.lang === 'text') return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([pool.primeDiffHighlightCache(fileDiff), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  } catch {
    // Highlighting is a convenience; editing does not depend on it.
  } finally {
    clearTimeout(timer);
  }
}

/** Mirrors the setting into the pool: tokens the editor can take over, only while the feature is on. */
export function syncPoolOptions(pool: WorkerPool | null, flagOn: boolean): void {
  if (!pool || !pool.isWorkingPool()) return;
  if (pool.getDiffRenderOptions().useTokenTransformer !== flagOn) void pool.setRenderOptions({ useTokenTransformer: flagOn }).catch(() => undefined);
}
