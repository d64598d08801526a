import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { inlineEntryPlugin } from './apps/review/build/inlineEntryPlugin.ts';
import { precompressPlugin } from './apps/review/build/precompressPlugin.ts';

/**
 * Builds the review page into apps/review/dist, which the CLI serves.
 *
 * index.html carries the app itself (the entry chunk and the CSS are inlined
 * by vite-plugin-singlefile), while everything loaded on demand stays a
 * sidecar file under assets/: Shiki grammars and themes, the highlighter
 * worker and, later, the editor. The CLI serves assets/** (brotli, made at
 * build time by precompressPlugin), so a
 * page fetches only the grammars of the languages on screen.
 *
 * Three traps (docs: pierre-diffs-guide.md §10):
 * - singlefile's recommended config disables code splitting and inlines all
 *   12 MB of grammars; hence `useRecommendedBuildConfig: false`.
 * - without an `inlinePattern`, the plugin "inlines" lazy chunks into nothing
 *   and deletes them; the pattern below names only the entry chunk and CSS.
 * - even then, the lazy chunks import shared code from the (now deleted)
 *   entry file and the entry's relative imports point at the wrong folder:
 *   inlineEntryPlugin repairs both (see its comment). e2e checks that the
 *   grammars really load from the production build.
 * - a lazy chunk named `index-*` would match the inline pattern and be
 *   inlined away. Pierre's edit entry (`dist/edit/index.js`) comes out as
 *   `edit-*` (Rolldown names it after its folder) and the edit adapter as
 *   `pierreEditAdapter-*`; e2e/editSuggest.spec.ts checks both are fetched
 *   from assets/ on the first Edit click and never before. (Overriding
 *   `output.chunkFileNames` to name it explicitly also replaces Vite's own
 *   output defaults and renames shared chunks `index-*`: not an option.)
 */
export default defineConfig({
  root: 'apps/review',
  base: '/',
  plugins: [
    react(),
    inlineEntryPlugin({
      preloadChunks: ['hastToHtml', 'utils', 'themes', 'github-light-high-contrast', 'github-dark-high-contrast', 'core', 'shiki', 'stream-tokenizer', 'engine-javascript', 'langs'],
      preloadWorkerChunks: ['shiki', 'stream-tokenizer', 'core', 'engine-javascript'],
    }),
    viteSingleFile({
      useRecommendedBuildConfig: false,
      inlinePattern: ['assets/index-*.js', 'assets/*.css'],
    }),
    // Last: `<file>.br` beside each file, so the CLI never compresses while the page waits.
    precompressPlugin(),
  ],
  resolve: {
    // Workspace packages resolve to their TypeScript sources.
    conditions: ['redline-source', ...defaultClientConditions],
  },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: false,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 2000,
    reportCompressedSize: false,
    rolldownOptions: {
      // singlefile notes each of the ~500 sidecar chunks it leaves alone: by design here.
      onLog(level, log, handler) {
        if (log.plugin === 'vite:singlefile' && /asset not inlined/.test(log.message)) return;
        handler(level, log);
      },
    },
  },
});
