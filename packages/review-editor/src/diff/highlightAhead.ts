/**
 * Highlighting ahead of the reader: the files after the current one are
 * highlighted by the workers before they scroll into view.
 *
 * Without it, a file coming into view was drawn twice: plain first (Pierre
 * renders a plain AST on the main thread while the workers highlight it),
 * then again when its highlighting came back, and for that moment the reader
 * saw it uncoloured (bench CPU profile, scrolling S one viewport a frame:
 * 248 ms of plain rendering and 169 ms of re-rendering the rows, in the
 * scroll's frames).
 *
 * One file is primed at a time, so a file the reader has on screen never
 * waits behind more than one of these in the workers' queue (Pierre's queue
 * is first come, first served; a file on screen whose highlighting is being
 * primed joins that task).
 */
import type { FileDiffMetadata } from '@pierre/diffs';
import type { ReviewItem } from './buildItems.js';

/** How many files after the current one are highlighted ahead. */
export const FILES_AHEAD = 6;

/** The part of Pierre's worker pool this uses. */
export interface HighlightPool {
  primeDiffHighlightCache(diff: FileDiffMetadata): Promise<void>;
}

/**
 * The diffs to highlight ahead, in order: the current file and the `ahead`
 * files after it (from the first when none is current), leaving out the ones
 * Pierre would not highlight from the cache: collapsed or not yet drawn
 * (their item has no cache key), and a file being edited (the editor owns it).
 */
export function diffsAhead(items: readonly ReviewItem[], currentId: string | null, ahead = FILES_AHEAD): FileDiffMetadata[] {
  const at = currentId === null ? 0 : (indexById(items).get(currentId) ?? 0);
  const out: FileDiffMetadata[] = [];
  for (const item of items.slice(at, at + ahead + 1)) {
    if (item.collapsed === true || item.edit === true || item.fileDiff.cacheKey === undefined) continue;
    out.push(item.fileDiff);
  }
  return out;
}

const indexes = new WeakMap<readonly ReviewItem[], Map<string, number>>();

/** Each item's index by id, once per items array: the current file changes at every file scrolled past, and on 10,000 files a search from the start each time added up. */
function indexById(items: readonly ReviewItem[]): Map<string, number> {
  let index = indexes.get(items);
  if (!index) indexes.set(items, (index = new Map(items.map((item, i) => [item.id, i]))));
  return index;
}

/**
 * Primes `wanted()`'s diffs one at a time, each once (a failure, such as the
 * pool not working yet, is tried again at the next `update()`). `update()`
 * is called when the current file or the items change; what it asks for
 * replaces what was still waiting.
 */
export function createHighlightAhead(pool: HighlightPool, wanted: () => FileDiffMetadata[]) {
  const done = new Set<string>();
  let queue: FileDiffMetadata[] = [];
  let busy = false;
  let stopped = false;
  const next = () => {
    if (busy || stopped) return;
    const diff = queue.shift();
    if (!diff) return;
    const key = diff.cacheKey!;
    done.add(key);
    busy = true;
    pool.primeDiffHighlightCache(diff).then(
      () => {
        busy = false;
        next();
      },
      () => {
        done.delete(key);
        busy = false;
        next();
      },
    );
  };
  return {
    update() {
      queue = wanted().filter((diff) => !done.has(diff.cacheKey!));
      next();
    },
    stop() {
      stopped = true;
      queue = [];
    },
  };
}

/** The rows the first diffs must fill: a window 900 px high shows about 40 rows of 20 px under the top bar. */
export const FIRST_ROWS = 50;
/** A diff longer than this is not waited for: its highlighting takes longer than drawing it plain, then coloured. */
export const FIRST_DIFF_MAX_ROWS = 2_000;

/**
 * Of the diffs ahead (diffsAhead, from the current file), the ones the diff
 * view shows first: up to the one that fills FIRST_ROWS rows, stopping
 * before a diff of more than FIRST_DIFF_MAX_ROWS rows.
 */
export function firstDiffs(ahead: readonly FileDiffMetadata[]): FileDiffMetadata[] {
  const out: FileDiffMetadata[] = [];
  let rows = 0;
  for (const diff of ahead) {
    if (rows >= FIRST_ROWS || Math.max(diff.unifiedLineCount, diff.splitLineCount) > FIRST_DIFF_MAX_ROWS) break;
    out.push(diff);
    rows += Math.max(diff.unifiedLineCount, diff.splitLineCount) + 1;
  }
  return out;
}

/**
 * Resolves once the pool has started and highlighted `diffs` (then in its
 * cache, so CodeView draws them coloured at once, not plain and then again
 * coloured), or after `capMs`, or when it fails: never later than `capMs`.
 */
export function highlightFirst(pool: HighlightPool & { initialize(): Promise<unknown> }, diffs: readonly FileDiffMetadata[], capMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, capMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    pool
      .initialize()
      .then(() => Promise.all(diffs.map((diff) => pool.primeDiffHighlightCache(diff))))
      .then(done, done);
  });
}
