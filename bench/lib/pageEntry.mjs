/**
 * The script the page parses before its first diff: the entry chunk
 * index.html starts (startupAssetsPlugin's `"entry"`) and every chunk it
 * imports statically, brotli as the CLI serves it (the build's `.br`
 * sidecars; a chunk under 1 KB goes as it is). e2e/entryBudget.spec.ts holds the same walk to its budget.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/**
 * The page's inline scripts (no `src`): all the live first screen runs before the app's entry
 * (the click on a line number that opens a comment form). Raw and brotli (quality 11) bytes.
 */
export function inlineScriptSize(distDir) {
  const html = join(distDir, 'index.html');
  if (!existsSync(html)) return null;
  const bodies = [...readFileSync(html, 'utf8').matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const text = Buffer.from(bodies.join('\n'));
  return { scripts: bodies.length, rawBytes: text.length, brotliBytes: brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length };
}

/** A file under assets/; null when absent (a chunk under 1 KB has no `.br`: it is served as it is). */
function sizeOf(distDir, file) {
  const path = join(distDir, 'assets', file);
  return existsSync(path) ? statSync(path).size : null;
}

/** `{ brotliBytes, rawBytes, chunks, files }`, or null without a page build. */
export function pageEntrySize(distDir) {
  const html = join(distDir, 'index.html');
  if (!existsSync(html)) return null;
  const entry = /"entry":"\/assets\/([^"]+\.js)"/.exec(readFileSync(html, 'utf8'))?.[1];
  if (!entry) return null;
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(distDir, 'assets', file), 'utf8');
    for (const m of code.matchAll(/\bimport\s*(?:[\w${},*\s]+from\s*)?"\.\/([^"]+\.js)"/g)) walk(m[1]);
  };
  walk(entry);
  const files = [...seen].map((file) => ({ file, rawBytes: sizeOf(distDir, file), brotliBytes: sizeOf(distDir, `${file}.br`) ?? sizeOf(distDir, file) }));
  return { brotliBytes: files.reduce((n, f) => n + f.brotliBytes, 0), rawBytes: files.reduce((n, f) => n + f.rawBytes, 0), chunks: files.length, files, inline: inlineScriptSize(distDir) };
}
