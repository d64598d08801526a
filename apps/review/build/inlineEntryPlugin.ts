import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Makes vite-plugin-singlefile's "inline only the entry chunk" mode actually
 * work with lazy chunks.
 *
 * Once the entry chunk `assets/index-<hash>.js` is inlined into index.html,
 * two things break silently (no build error, only 404s at run time):
 *  1. the entry's relative dynamic imports (`import('./core-<hash>.js')`) now
 *     resolve against `/`, not `/assets/`;
 *  2. lazy chunks import shared bindings from `./index-<hash>.js` (Rolldown's
 *     runtime helpers, `__vitePreload`, Shiki utilities…), a file that no
 *     longer exists; serving the original file instead would run the whole
 *     app a second time.
 *
 * Fix: rewrite (1) to `./assets/…`; for (2), the inlined entry publishes its
 * exports on a global (through getters, read when a lazy chunk loads, long
 * after the entry finished evaluating) and a tiny shim module is written in
 * place of the deleted entry file, re-exporting them. The shim throws, naming
 * the binding, if an export is still undefined when it is read: that would be
 * a lazily initialised binding this scheme cannot carry, and it must fail
 * loudly rather than render a page without highlighting.
 *
 * Must run before vite-plugin-singlefile (same `enforce` and `order`, listed
 * first), so singlefile inlines the rewritten code.
 */
export interface InlineEntryOptions {
  /** Name of the global the inlined entry publishes its exports on. */
  globalName?: string;
  /**
   * Lazy chunks every page load needs at once, by chunk name (the
   * highlighter's themes, Shiki core and regex engine). Found by walking the
   * import graph from the entry, and from the highlighter worker, through
   * chunks of these names only (several chunks can share a name: only those
   * on these paths are the ones the page loads). They are otherwise fetched
   * one after another along chains of dynamic imports; `<link
   * rel="modulepreload">` fetches them all in parallel while the page's script
   * compiles. For the worker's files this fills the HTTP cache (hashed assets
   * are served as immutable) before the pool starts its workers.
   */
  preloadChunks?: string[];
  /** The same for the worker's own files (it resolves no grammar or theme itself). */
  preloadWorkerChunks?: string[];
}

/** In index.html's early script: replaced with the highlighter worker's URL. */
const WORKER_URL_PLACEHOLDER = '__REDLINE_WORKER_URL__';
const WORKER_FILE_RE = /(^|\/)worker-[A-Za-z0-9_-]+\.js$/;

export function inlineEntryPlugin(options: InlineEntryOptions = {}): Plugin {
  const globalName = options.globalName ?? '__redlineEntry';
  let outDir = '';
  const shims = new Map<string, string>();
  return {
    name: 'redline:inline-entry',
    enforce: 'post',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const entries = Object.values(bundle).filter((c) => c.type === 'chunk' && c.isEntry);
        if (entries.length !== 1) this.error(`expected exactly one entry chunk, found ${entries.length}`);
        const entry = entries[0]!;
        if (entry.type !== 'chunk') return;
        const dir = entry.fileName.slice(0, entry.fileName.lastIndexOf('/') + 1); // 'assets/'
        let code = entry.code;
        // (1) Relative references to sibling files become relative to the page.
        for (const name of Object.keys(bundle)) {
          if (name === entry.fileName || !name.startsWith(dir)) continue;
          const base = name.slice(dir.length);
          code = code.split(`\`./${base}\``).join(`\`./${name}\``);
          code = code.split(`"./${base}"`).join(`"./${name}"`);
          code = code.split(`'./${base}'`).join(`'./${name}'`);
        }
        // (2) The final `export{a as b,…}` becomes a global of getters.
        const exportRe = /export\s*\{([^}]*)\};?\s*(\/\/# sourceMappingURL=\S*\s*)?$/;
        const match = exportRe.exec(code);
        if (!match) {
          if (/\bexport\s*\{/.test(code)) this.error('entry chunk has an export statement that is not at its end');
          return; // nothing shared with lazy chunks
        }
        const pairs = match[1]!
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => {
            const [local, exported = local] = part.split(/\s+as\s+/);
            return { local: local!, exported: exported! };
          });
        const getters = pairs.map(({ local, exported }) => `get ${JSON.stringify(exported)}(){return ${local}}`);
        code = code.slice(0, match.index) + `globalThis.${globalName}={${getters.join(',')}};`;
        entry.code = code;
        const lines = [
          `const e=globalThis.${globalName};`,
          `if(!e)throw new Error("redline: the inlined entry did not publish its exports (${globalName})");`,
          `const r=(n)=>{const v=e[n];if(v===undefined)throw new Error("redline: entry export "+n+" is undefined when a lazy chunk loads");return v};`,
          ...pairs.map(({ exported }, i) => `const x${i}=r(${JSON.stringify(exported)});`),
          `export{${pairs.map(({ exported }, i) => `x${i} as ${JSON.stringify(exported)}`).join(',')}};`,
        ];
        shims.set(entry.fileName, lines.join('\n') + '\n');

        const preload = [entry.fileName, ...preloadedFiles(bundle, entry.fileName, options, (message) => this.warn(message))];
        const html = Object.values(bundle).find((file) => file.type === 'asset' && file.fileName.endsWith('.html'));
        if (html && html.type === 'asset' && typeof html.source === 'string') {
          const links = preload.map((file) => `<link rel="modulepreload" href="/${file}">`).join('\n    ');
          html.source = html.source.replace('</title>', `</title>\n    ${links}`);
          // index.html starts the highlighter's workers early, by this file's name.
          if (html.source.includes(WORKER_URL_PLACEHOLDER)) {
            const worker = Object.keys(bundle).filter((name) => WORKER_FILE_RE.test(name));
            if (worker.length !== 1) this.error(`index.html starts the highlighter worker, but the bundle has ${worker.length} worker-*.js files`);
            html.source = html.source.split(WORKER_URL_PLACEHOLDER).join(`/${worker[0]}`);
          }
        }
      },
    },
    writeBundle() {
      for (const [fileName, source] of shims) writeFileSync(join(outDir, fileName), source);
    },
  };
}

type Bundle = Parameters<Extract<NonNullable<Plugin['generateBundle']>, { handler: unknown }>['handler']>[1];

function preloadedFiles(bundle: Bundle, entryFile: string, options: InlineEntryOptions, warn: (message: string) => void): string[] {
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
