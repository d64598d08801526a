import type { Plugin } from 'vite';

/**
 * What the page starts, and when.
 *
 * The server paints the first screen of the diff from the HTML
 * (apps/cli/src/server/firstScreen.ts); the app starts once that is on
 * screen. So this plugin takes the app's module script and Vite's
 * `<link rel="modulepreload">` tags out of index.html and writes, into the
 * starter script at the end of its body (`'__REDLINE_STARTUP__'`), what to
 * start then: the entry chunk, and the chunks every load needs (found by
 * walking the import graph, the highlighter worker's included), preloaded
 * so they are fetched in parallel rather than along chains of dynamic
 * imports; and the highlighter worker's file, which the starter starts twice
 * (diff/highlighterPool.ts takes those workers).
 *
 * Measured on S (bench/firstPaintProbe.mjs, 8 loads each): with all of that
 * in the head, compiling alongside the first screen's layout, the first diff
 * was painted at 0.53 s median; started after it, 0.36 s, with the app's own
 * diff no later. Inlining the entry into index.html (the single-file build
 * this replaced) made the HTML parser read 770 KB of script first.
 */
export interface StartupAssetsOptions {
  /**
   * Lazy chunks every page load needs at once, by chunk name (the
   * highlighter's themes, Shiki core and regex engine). Found by walking the
   * import graph from the entry, and from the highlighter worker, through
   * chunks of these names only (several chunks can share a name: only those
   * on these paths are the ones the page loads). They are otherwise fetched
   * one after another along chains of dynamic imports; the starter preloads
   * them all in parallel while the app's script compiles. For the worker's
   * files this fills the HTTP cache (hashed assets are served as immutable)
   * before the pool's workers ask for them.
   */
  preloadChunks?: string[];
  /** The same for the worker's own files (it resolves no grammar or theme itself). */
  preloadWorkerChunks?: string[];
}

/** In index.html's starter script: replaced with what to start (see above). */
const STARTUP_PLACEHOLDER = "'__REDLINE_STARTUP__'";
const WORKER_FILE_RE = /(^|\/)worker-[A-Za-z0-9_-]+\.js$/;
const ENTRY_SCRIPT_RE = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD_RE = /\s*<link rel="modulepreload"[^>]*? href="([^"]+)">/g;

export function startupAssetsPlugin(options: StartupAssetsOptions = {}): Plugin {
  return {
    name: 'redline:startup-assets',
    enforce: 'post',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const entries = Object.values(bundle).filter((c) => c.type === 'chunk' && c.isEntry);
        if (entries.length !== 1) this.error(`expected exactly one entry chunk, found ${entries.length}`);
        const entry = entries[0]!;
        const html = Object.values(bundle).find((file) => file.type === 'asset' && file.fileName.endsWith('.html'));
        if (!html || html.type !== 'asset' || typeof html.source !== 'string') return this.error('index.html is not in the bundle');
        if (!html.source.includes(STARTUP_PLACEHOLDER)) return this.error(`index.html has no starter script (${STARTUP_PLACEHOLDER})`);

        let source = html.source;
        const scripts = [...source.matchAll(ENTRY_SCRIPT_RE)].map((match) => match[1]!);
        if (scripts.length !== 1 || scripts[0] !== `/${entry.fileName}`) {
          this.error(`expected index.html to load the entry /${entry.fileName} once, found: ${scripts.join(', ') || 'none'}`);
        }
        const vitePreloads = [...source.matchAll(MODULE_PRELOAD_RE)].map((match) => match[1]!);
        source = source.replace(ENTRY_SCRIPT_RE, '').replace(MODULE_PRELOAD_RE, '');

        const workers = Object.keys(bundle).filter((name) => WORKER_FILE_RE.test(name));
        if (workers.length !== 1) this.error(`the page preloads the highlighter worker, but the bundle has ${workers.length} worker-*.js files`);
        const preload = [...new Set([...vitePreloads, ...preloadedFiles(bundle, entry.fileName, options, (message) => this.warn(message)).map((file) => `/${file}`)])];
        const startup = { entry: `/${entry.fileName}`, preload, worker: `/${workers[0]!}` };
        html.source = source.replace(STARTUP_PLACEHOLDER, JSON.stringify(startup));
      },
    },
  };
}

type Bundle = Parameters<Extract<NonNullable<Plugin['generateBundle']>, { handler: unknown }>['handler']>[1];

function preloadedFiles(bundle: Bundle, entryFile: string, options: StartupAssetsOptions, warn: (message: string) => void): string[] {
  // `name-<hash>.js`, or `name-<hash>-<hash>.js` for the worker build's files.
  const named = (names: readonly string[]) => (fileName: string) => {
    const file = bundle[fileName];
    if (file?.type === 'chunk') return names.includes(file.name);
    const base = fileName.slice(fileName.lastIndexOf('/') + 1);
    return names.some((name) => new RegExp(`^${name}(-[A-Za-z0-9_-]{8}){1,2}\\.js$`).test(base));
  };
  const dir = entryFile.slice(0, entryFile.lastIndexOf('/') + 1);
  const source = (fileName: string): string => {
    const file = bundle[fileName];
    if (!file) return '';
    if (file.type === 'chunk') return file.code;
    return typeof file.source === 'string' ? file.source : Buffer.from(file.source).toString('utf8');
  };
  // Every `./x.js` a file imports, statically or dynamically.
  const importsOf = (fileName: string): string[] => {
    const file = bundle[fileName];
    if (file?.type === 'chunk') return [...file.imports, ...file.dynamicImports];
    return [...source(fileName).matchAll(/(?:from|import)\s*\(?\s*[`'"]\.\/([^`'"]+\.js)[`'"]/g)].map((m) => dir + m[1]);
  };
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = (roots: string[], wanted: (fileName: string) => boolean) => {
    const queue = [...roots];
    while (queue.length > 0) {
      const file = queue.shift()!;
      for (const next of importsOf(file)) {
        if (seen.has(next) || !wanted(next)) continue;
        seen.add(next);
        found.push(next);
        queue.push(next);
      }
    }
  };
  walk([entryFile], named(options.preloadChunks ?? []));
  const worker = Object.keys(bundle).find((name) => WORKER_FILE_RE.test(name));
  if (worker) {
    found.push(worker);
    walk([worker], named(options.preloadWorkerChunks ?? []));
  } else if (options.preloadWorkerChunks?.length) warn('preload: the highlighter worker (worker-*.js) is not in the bundle');
  for (const name of new Set([...(options.preloadChunks ?? []), ...(options.preloadWorkerChunks ?? [])])) {
    if (!found.some((f) => f.startsWith(`${dir}${name}-`))) warn(`preload: no chunk named ${name} on the startup paths`);
  }
  return found;
}
