import type { Plugin } from 'vite';

/**
 * For the highlighter worker's build only: `shiki/langs` becomes an empty
 * catalog, so the worker bundle carries no grammar of its own.
 *
 * The page resolves every language on the main thread and posts the grammar
 * with each render (Pierre's `resolvedLanguages`; docs:
 * pierre-diffs-guide.md §5); the worker reads `shiki/langs` only for a
 * language nobody sent, which this app never does. Built as it is, the
 * worker's copy of the catalog made a second chunk of every grammar that
 * imports another one (the shared runtime chunk differs between the two
 * builds, so the hashes differ): measured on the build of 2026-12-01, 98
 * files and 4.75 MB of JavaScript the page never fetched, shipped twice
 * (with their `.br`). e2e/review.spec.ts and the highlighting specs would
 * show a grammar the worker missed: its lines would come out unhighlighted.
 */
const EMPTY_CATALOG = '\0redline:worker-empty-langs';

export function workerLanguagesPlugin(): Plugin {
  return {
    name: 'redline:worker-languages',
    enforce: 'pre',
    resolveId(id) {
      return id === 'shiki/langs' ? EMPTY_CATALOG : null;
    },
    load(id) {
      return id === EMPTY_CATALOG ? 'export const bundledLanguages = {};\n' : null;
    },
  };
}
