/**
 * The built review page (index.html and assets/**). index.html is read at
 * startup; the assets are listed then (a build holds hundreds of language
 * and theme chunks, and reading them all held the server's start back by
 * 0.1-0.2 s) and each is read on its first request and kept. A request is
 * answered only when its raw path is exactly one of the files listed at
 * startup, so no request path is ever joined to a directory. index.html
 * itself is handed to ReviewPage (indexPage), which sends it.
 *
 * Compressed forms: the build writes `<file>.br` beside each file
 * (apps/review/build/precompressPlugin.ts); one is read and checked against
 * its file (decompressed and compared) when it is first asked for. Anything else (gzip,
 * a missing or stale `.br`) is compressed on zlib's thread pool on first
 * request and kept: never on the event loop, where it held every other
 * request of the page load back.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress as brotliDecompressCallback, constants as zlib, gzip } from 'node:zlib';
import { RedlineError } from '../errors.js';
import { preferredEncoding, sendText, type ContentCoding } from './httpIo.js';
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
  /** The file's bytes: read on its first request (index.html: at startup), then kept. */
  body(): Promise<Buffer>;
  contentType: string;
  compressible: boolean;
  immutable: boolean;
  /** For index.html: the CSP with the hashes of its inline scripts. */
  csp: string | null;
  compressed: Map<Encoding, Promise<Buffer>>;
  /** Where the build's `<file>.br` is, until it is read and checked against `body`. */
  prebuilt: string | null;
}

type Encoding = ContentCoding;

/** The build's precompressed siblings (apps/review/build/precompressPlugin.ts). */
const PRECOMPRESSED_SUFFIX = '.br';
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const brotliDecompress = promisify(brotliDecompressCallback);

export class StaticApp {
  private constructor(
    private readonly files: Map<string, AppFile>,
    private readonly indexHtml: string,
  ) {}

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
    const indexHtml = index.toString('utf8');
    files.set('/index.html', makeFile('.html', () => index, false, contentSecurityPolicy(inlineScriptHashes(indexHtml))));
    const assetsDir = join(appDir, 'assets');
    const listed = await listFiles(assetsDir);
    const onDisk = new Set(listed);
    for (const path of listed) {
      // `x.br` is the compressed form of `x`, not a file of its own.
      if (path.endsWith(PRECOMPRESSED_SUFFIX) && onDisk.has(path.slice(0, -PRECOMPRESSED_SUFFIX.length))) continue;
      const urlPath = '/assets/' + relative(assetsDir, path).split(sep).join('/');
      const extension = extname(path).toLowerCase();
      const file = makeFile(extension, () => readFile(path), HASHED_ASSET_RE.test(urlPath), null);
      if (file.compressible && onDisk.has(path + PRECOMPRESSED_SUFFIX)) file.prebuilt = path + PRECOMPRESSED_SUFFIX;
      files.set(urlPath, file);
    }
    return new StaticApp(files, indexHtml);
  }

  /** index.html as text, with its CSP: what ReviewPage fills in and sends. */
  indexPage(): { html: string; csp: string } {
    return { html: this.indexHtml, csp: this.files.get('/index.html')!.csp! };
  }

  /**
   * True when it answered; false when the path is not one of the app's
   * files. index.html is not served from here: the review page is
   * ReviewPage's (it fills in the first screen).
   */
  serve(req: IncomingMessage, res: ServerResponse, rawPath: string): boolean {
    const file = rawPath === '/index.html' ? undefined : this.files.get(rawPath);
    if (!file) return false;
    const encoding = file.compressible ? preferredEncoding(String(req.headers['accept-encoding'] ?? '')) : null;
    const cacheControl = file.immutable ? 'private, max-age=31536000, immutable' : 'no-cache';
    file.body().then(
      (plain) => {
        if (!encoding) return send(req, res, file, cacheControl, null, plain);
        compressedBody(file, plain, encoding).then(
          (body) => send(req, res, file, cacheControl, encoding, body),
          // Compression failed (it should not): the plain file is still a right answer.
          () => send(req, res, file, cacheControl, null, plain),
        );
      },
      // Listed at startup but unreadable now (the build was replaced under the server).
      () => {
        if (!res.destroyed) sendText(res, 404, 'Not found');
      },
    );
    return true;
  }
}

function send(req: IncomingMessage, res: ServerResponse, file: AppFile, cacheControl: string, encoding: Encoding | null, body: Buffer): void {
  if (res.destroyed) return;
  res.statusCode = 200;
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Cache-Control', cacheControl);
  if (file.compressible) res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  if (file.csp) res.setHeader('Content-Security-Policy', file.csp);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function makeFile(extension: string, read: () => Buffer | Promise<Buffer>, immutable: boolean, csp: string | null): AppFile {
  let body: Promise<Buffer> | null = null;
  return {
    body() {
      body ??= Promise.resolve(read());
      // A failed read is tried again on the next request.
      body.catch(() => (body = null));
      return body;
    },
    contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
    compressible: COMPRESSIBLE.has(extension),
    immutable,
    csp,
    compressed: new Map(),
    prebuilt: null,
  };
}

/** The regular files under `dir` (a symbolic link is neither a file nor a folder here: never served). */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const listed = await Promise.all(
    entries.map(async (entry): Promise<string[]> => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(path);
      return entry.isFile() ? [path] : [];
    }),
  );
  return listed.flat();
}

/** 'sha256-…' CSP sources for each inline <script> of the page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = '', body = ''] = match;
    // A data block (the preferences' JSON element) is never run: it needs no hash.
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*["']?application\/json/i.test(attributes) || body === '') continue;
    // The HTML parser turns CRLF into LF before the browser hashes the text.
    const text = body.replace(/\r\n?/g, '\n');
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The compressed body: the build's `.br` once it is shown to decompress to
 * the file, else made on first request (brotli 5, gzip 6) on zlib's thread
 * pool, and kept. Only the assets a page really loads are ever compressed
 * here (a build holds hundreds of language chunks).
 */
function compressedBody(file: AppFile, plain: Buffer, encoding: Encoding): Promise<Buffer> {
  let body = file.compressed.get(encoding);
  if (!body) {
    body =
      encoding === 'br'
        ? takePrebuilt(file, plain).then(
            (prebuilt) => prebuilt ?? brotli(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
          )
        : gzipAsync(plain, { level: 6 });
    file.compressed.set(encoding, body);
    body.catch(() => file.compressed.delete(encoding));
  }
  return body;
}

/** The build's `.br` if it decompresses to exactly the file (a stale or broken one is dropped). */
async function takePrebuilt(file: AppFile, plain: Buffer): Promise<Buffer | null> {
  const path = file.prebuilt;
  file.prebuilt = null;
  if (!path) return null;
  try {
    const prebuilt = await readFile(path);
    return (await brotliDecompress(prebuilt)).equals(plain) ? prebuilt : null;
  } catch {
    return null;
  }
}
