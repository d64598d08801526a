import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { startupAssetsPlugin } from './apps/review/build/startupAssetsPlugin.ts';
import { precompressPlugin } from './apps/review/build/precompressPlugin.ts';
import { workerLanguagesPlugin } from './apps/review/build/workerLanguagesPlugin.ts';

/**
 * Builds the review page into apps/review/dist, which the CLI serves.
 *
 * index.html carries the CSS (inlined by vite-plugin-singlefile: a
 * stylesheet the browser had to fetch would hold the first paint back) and
 * a slot where the server puts the first screen of the diff
 * (apps/cli/src/server/firstScreen). The app's entry chunk and everything
 * loaded on demand are files under assets/: the entry as a module script
 * (streamed and compiled off the main thread while the first screen paints),
 * then Shiki grammars and themes, the highlighter worker and the editor,
 * each fetched when used. The CLI serves assets/** (brotli, made at build
 * time by precompressPlugin), so a page fetches only the grammars of the
 * languages on screen.
 *
 * Traps (docs: pierre-diffs-guide.md §10):
 * - singlefile's recommended config disables code splitting and inlines all
 *   12 MB of grammars; hence `useRecommendedBuildConfig: false`, and an
 *   `inlinePattern` naming the CSS only.
 * - Pierre's edit entry (`dist/edit/index.js`) comes out as `edit-*`
 *   (Rolldown names it after its folder) and the edit adapter as
 *   `pierreEditAdapter-*`; e2e/editSuggest.spec.ts checks both are fetched
 *   from assets/ on the first Edit click and never before.
 */
export default defineConfig({
  root: 'apps/review',
  base: '/',
  plugins: [
    react(),
    startupAssetsPlugin({
      preloadChunks: ['hastToHtml', 'utils', 'themes', 'github-light-high-contrast', 'github-dark-high-contrast', 'core', 'shiki', 'stream-tokenizer', 'engine-javascript', 'langs'],
      preloadWorkerChunks: ['shiki', 'stream-tokenizer', 'core', 'engine-javascript'],
    }),
    viteSingleFile({
      useRecommendedBuildConfig: false,
      inlinePattern: ['assets/*.css'],
    }),
    // Last: `<file>.br` beside each file, so the CLI never compresses while the page waits.
    precompressPlugin(),
  ],
  resolve: {
    // Workspace packages resolve to their TypeScript sources.
    conditions: ['redline-source', ...defaultClientConditions],
  },
  // The worker gets its grammars from the page, never from its own copies.
  worker: { format: 'es', plugins: () => [workerLanguagesPlugin()] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: false,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 2000,
    reportCompressedSize: false,
    rolldownOptions: {
      // The timings report names precompress's closeBundle (the brotli of every
      // sidecar, 2.5 s on a quiet machine) on every build: known, and by design.
      checks: { bundlerTimings: false },
      // singlefile notes each of the ~500 sidecar chunks it leaves alone: by design here.
      onLog(level, log, handler) {
        if (log.plugin === 'vite:singlefile' && /asset not inlined/.test(log.message)) return;
        handler(level, log);
      },
    },
  },
});
