import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes `<file>.br` beside every compressible file of the build, so the CLI
 * sends the page and its assets without compressing anything while the
 * browser waits. (Compressing on first request, synchronously, blocked the
 * server's event loop while the page asked for 17 assets and the review at
 * once: in a profiled S load the review took 455 ms to arrive, and brotli was
 * the server's biggest cost after spawning git.)
 *
 * Quality 9 (the whole 16.6 MB build in about 2.5 s on 2 cores; quality 11
 * took 15 s), and 11 for the app's entry chunk (`assets/index-*.js`), which
 * every page load sends (176 KB instead of 190 KB). index.html is not
 * compressed here: the server sends it with the diff's first screen in it,
 * compressing as it streams (apps/cli/src/server/reviewPage.ts). The server checks each `.br` against
 * its file before it first sends it (apps/cli/src/server/staticApp.ts) and
 * compresses on its own when one is missing or does not match.
 */
export const PRECOMPRESSED_EXTENSIONS = ['.html', '.js', '.mjs', '.css', '.json', '.svg', '.wasm', '.txt'];
const SMALLEST = 1024;
const brotli = promisify(brotliCompress);

export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'redline:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every plugin has written its files (singlefile's index.html included).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await listFiles(outDir)).filter(
          (path) => PRECOMPRESSED_EXTENSIONS.includes(extname(path).toLowerCase()) && path !== join(outDir, 'index.html'),
        );
        await Promise.all(
          files.map(async (path) => {
            const body = await readFile(path);
            if (body.length < SMALLEST) return;
            const quality = /[\\/]assets[\\/]index-[^\\/]+\.js$/.test(path) ? 11 : 9;
            const params = { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length };
            await writeFile(`${path}.br`, await brotli(body, { params }));
          }),
        );
      },
    },
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)])));
  return nested.flat();
}
