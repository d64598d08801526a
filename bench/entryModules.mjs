#!/usr/bin/env node
/**
 * A diagnostic, not run by the runner: what the page's entry chunk is made
 * of, from the build's own metadata (Rolldown's per-module rendered length,
 * before minification), grouped by package (node_modules) or by folder (our
 * code), with each group's share. Builds in memory (nothing is written).
 *
 *   node bench/entryModules.mjs          # groups
 *   node bench/entryModules.mjs --all    # every module
 */
import { build } from 'vite';

const all = process.argv.includes('--all');

function groupOf(id) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1];
  if (pkg) return pkg;
  return id.replace(/^.*?\/(packages|apps)\//, '$1/').split('/').slice(0, 4).join('/');
}

await build({
  configFile: 'vite.config.ts',
  logLevel: 'warn',
  build: { write: false },
  plugins: [
    {
      name: 'entry-modules',
      generateBundle(_options, bundle) {
        const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
        const modules = Object.entries(entry.modules).map(([id, m]) => ({ id: id.replace(/^.*node_modules\//, ''), group: groupOf(id), bytes: m.renderedLength }));
        const total = modules.reduce((n, m) => n + m.bytes, 0);
        const groups = new Map();
        for (const m of modules) groups.set(m.group, (groups.get(m.group) ?? 0) + m.bytes);
        const rows = all ? modules.map((m) => [m.id, m.bytes]) : [...groups.entries()];
        console.log(`${entry.fileName}: ${entry.code.length} B minified, ${total} B of modules before minification; static imports: ${entry.imports.join(', ')}`);
        for (const [name, bytes] of rows.sort((a, b) => b[1] - a[1])) console.log(`${String(bytes).padStart(9)}  ${((100 * bytes) / total).toFixed(1).padStart(5)}%  ${name}`);
      },
    },
  ],
});
