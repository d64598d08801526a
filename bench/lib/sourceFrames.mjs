/**
 * Names the source behind a minified frame of the page's script, from the
 * build's source maps when it has them (`npx vite build --sourcemap hidden`:
 * the same chunks, hashes included, plus `.map` files no page asks for).
 * Without maps a frame keeps its chunk position. source-map-js is Vite's own
 * dependency (through postcss); the bench never needs it otherwise.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

async function consumerFor(mapPath, cache) {
  if (cache.has(mapPath)) return cache.get(mapPath);
  let consumer = null;
  if (existsSync(mapPath)) {
    try {
      const { SourceMapConsumer } = await import('source-map-js');
      consumer = new SourceMapConsumer(JSON.parse(readFileSync(mapPath, 'utf8')));
    } catch {
      consumer = null;
    }
  }
  cache.set(mapPath, consumer);
  return consumer;
}

/** `path:line (name)` of a frame of the built page (1-based line, 0-based column), from its map when there is one. */
export async function sourceOf(url, line, column, distDir, cache = new Map()) {
  const path = url.replace(/^https?:\/\/[^/]+/, '');
  const consumer = path.startsWith('/assets/') ? await consumerFor(join(distDir, `${path}.map`), cache) : null;
  const at = consumer?.originalPositionFor({ line: Math.max(1, line), column: Math.max(0, column) });
  return at?.source ? `${at.source.replace(/^(\.\.\/)+/, '').replace(/.*node_modules\//, '')}:${at.line}${at.name ? ` (${at.name})` : ''}` : `${path || '(no script)'}:${line}:${column}`;
}

/** `forcedBy` entries (trace.mjs) with `source` set to `path:line (name)` where a map says. */
export async function resolveForcedFrames(forcedBy, distDir) {
  const cache = new Map();
  const out = [];
  for (const entry of forcedBy ?? []) out.push({ ...entry, source: await sourceOf(entry.frame.url, entry.frame.line, entry.frame.column, distDir, cache) });
  return out;
}
