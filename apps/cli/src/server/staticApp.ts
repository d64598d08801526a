/**
 * The built review page (index.html and assets/**), loaded into memory at
 * startup. A request is answered only when its raw path is exactly one of
 * the files found there, so no request path is ever joined to a directory.
 * Compressed forms (brotli, gzip) are made on first request and kept.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { RedlineError } from '../errors.js';
import { contentSecurityPolicy } from './securityHeaders.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.wasm', '.txt']);
/** Vite names built assets `name-<hash>.ext`: those never change and may be cached for good. */
const HASHED_ASSET_RE = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

interface AppFile {
  body: Buffer;
  contentType: string;
  compressible: boolean;
  immutable: boolean;
  /** For index.html: the CSP with the hashes of its inline scripts. */
  csp: string | null;
  compressed: Map<Encoding, Buffer>;
}

type Encoding = 'br' | 'gzip';

export class StaticApp {
  private constructor(private readonly files: Map<string, AppFile>) {}

  /** Loads index.html and assets/** from `appDir`. */
  static async load(appDir: string): Promise<StaticApp> {
    const index = await readFile(join(appDir, 'index.html')).catch(() => null);
    if (!index) {
      throw new RedlineError(
        'app-missing',
        `the review page is not built (${join(appDir, 'index.html')} is missing); run \`npm run build\` first`,
      );
    }
    const files = new Map<string, AppFile>();
    files.set('/index.html', makeFile('.html', index, false, contentSecurityPolicy(inlineScriptHashes(index.toString('utf8')))));
    const assetsDir = join(appDir, 'assets');
    for (const path of await listFiles(assetsDir)) {
      const urlPath = '/assets/' + relative(assetsDir, path).split(sep).join('/');
      const extension = extname(path).toLowerCase();
      files.set(urlPath, makeFile(extension, await readFile(path), HASHED_ASSET_RE.test(urlPath), null));
    }
    return new StaticApp(files);
  }

  /** True when it answered; false when the path is not one of the app's files. */
  serve(req: IncomingMessage, res: ServerResponse, rawPath: string): boolean {
    const file = this.files.get(rawPath === '/' ? '/index.html' : rawPath);
    if (!file) return false;
    const wanted = file.compressible ? acceptedEncodings(String(req.headers['accept-encoding'] ?? '')) : [];
    const encoding = wanted[0] ?? null;
    const body = encoding ? compressedBody(file, encoding) : file.body;
    res.statusCode = 200;
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Cache-Control', file.immutable ? 'private, max-age=31536000, immutable' : 'no-cache');
    if (file.compressible) res.setHeader('Vary', 'Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    if (file.csp) res.setHeader('Content-Security-Policy', file.csp);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
}

function makeFile(extension: string, body: Buffer, immutable: boolean, csp: string | null): AppFile {
  return {
    body,
    contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
    compressible: COMPRESSIBLE.has(extension),
    immutable,
    csp,
    compressed: new Map(),
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(path)));
    else if (entry.isFile() && (await stat(path)).isFile()) files.push(path);
  }
  return files;
}

/** 'sha256-…' CSP sources for each inline <script> of the page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body === '') continue;
    // The HTML parser turns CRLF into LF before the browser hashes the text.
    const text = body.replace(/\r\n?/g, '\n');
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The encodings the client accepts, best first. */
function acceptedEncodings(acceptEncoding: string): Encoding[] {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  return (['br', 'gzip'] as const).filter((name) => (accepted.get(name) ?? 0) > 0);
}

/**
 * The compressed body, made on first request and kept. Compression is
 * synchronous and moderate (brotli 5, gzip 6: about 0.1 s per MB): only the
 * assets the page really loads are compressed (a build holds hundreds of
 * language chunks), and no background work outlives the review.
 */
function compressedBody(file: AppFile, encoding: Encoding): Buffer {
  let body = file.compressed.get(encoding);
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(file.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: file.body.length } })
        : gzipSync(file.body, { level: 6 });
    file.compressed.set(encoding, body);
  }
  return body;
}
