/** Serving the built page: exact lookups, content types, caching and compression. */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepo, type TestRepo } from '../../testSupport/gitRepo.js';
import { httpCall } from '../../testSupport/httpClient.js';
import { gitSource, startHarness, type Harness } from '../../testSupport/reviewServerHarness.js';
import { makeStubAppDir } from '../../testSupport/stubApp.js';
import { inlineScriptHashes } from './staticApp.js';
import { RedlineError } from '../errors.js';
import { StaticApp } from './staticApp.js';

let repo: TestRepo;
let harness: Harness;
let appDir: string;

beforeAll(async () => {
  repo = makeRepo({ commit: { 'a.txt': 'a\n' } });
  repo.write('a.txt', 'b\n');
  appDir = makeStubAppDir();
  harness = await startHarness(await gitSource(repo.dir), { appDir });
});

afterAll(async () => {
  await harness.close();
  repo.cleanup();
});

describe('the built page', () => {
  it('serves index.html at / and /index.html, not cached for good', async () => {
    for (const path of ['/', '/index.html']) {
      const answer = await harness.get(path);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.text).toContain('stub review page');
    }
  });

  it('serves hashed assets with their type, cached immutably; other files revalidate', async () => {
    const js = await harness.get('/assets/app-AbCd1234.js');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const css = await harness.get('/assets/style-Zz9_8765.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const svg = await harness.get('/assets/nested/logo.svg');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('no-cache');
  });

  it('compresses with brotli or gzip when accepted, the same bytes each time', async () => {
    const original = readFileSync(join(appDir, 'assets', 'app-AbCd1234.js'));
    const raw = (encoding: string) =>
      httpCall({ port: harness.port, path: '/assets/app-AbCd1234.js', headers: { ...harness.auth, 'accept-encoding': encoding } });
    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.equals(original)).toBe(true);
    expect(Number(br.headers['content-length'])).toBeLessThan(original.length / 4);
    const gzip = await raw('gzip;q=1.0, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(original)).toBe(true);
    const identity = await raw('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(original)).toBe(true);
  });

  it('a missing build is a clear app-missing error', async () => {
    const error = await StaticApp.load(join(appDir, 'nowhere')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedlineError);
    expect((error as RedlineError).code).toBe('app-missing');
    expect((error as RedlineError).message).toContain('npm run build');
  });

  it('hashes inline scripts for the CSP (and ignores external ones)', () => {
    expect(inlineScriptHashes('<script>a()</script><script src="/x.js"></script><script type="module">\r\nb()</script>')).toEqual([
      `'sha256-${createHash('sha256').update('a()').digest('base64')}'`,
      `'sha256-${createHash('sha256').update('\nb()').digest('base64')}'`,
    ]);
  });

  it("sends the build's precompressed .br as it is, and never serves it as a file of its own", async () => {
    const dir = makeStubAppDir();
    const original = readFileSync(join(dir, 'assets', 'app-AbCd1234.js'));
    // Quality 11 (the default here): the server's own on-the-fly brotli (quality 5) gives other bytes.
    const prebuilt = brotliCompressSync(original);
    writeFileSync(join(dir, 'assets', 'app-AbCd1234.js.br'), prebuilt);
    writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(readFileSync(join(dir, 'index.html'))));
    const own = await startHarness(await gitSource(repo.dir), { appDir: dir });
    try {
      const get = (path: string) => httpCall({ port: own.port, path, headers: { ...own.auth, 'accept-encoding': 'br' }, decode: false });
      const js = await get('/assets/app-AbCd1234.js');
      expect(js.headers['content-encoding']).toBe('br');
      expect(js.body.equals(prebuilt)).toBe(true);
      expect(brotliDecompressSync(js.body).equals(original)).toBe(true);
      const page = await get('/');
      expect(page.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(page.body).toString()).toContain('stub review page');
      expect((await get('/assets/app-AbCd1234.js.br')).status).toBe(404);
    } finally {
      await own.close();
    }
  });

  it('a stale .br (not the file it sits beside) is never sent: the file is compressed afresh', async () => {
    const dir = makeStubAppDir();
    writeFileSync(join(dir, 'assets', 'app-AbCd1234.js.br'), brotliCompressSync('console.log("an older build");\n'));
    writeFileSync(join(dir, 'assets', 'style-Zz9_8765.css.br'), Buffer.from('not brotli at all'));
    const own = await startHarness(await gitSource(repo.dir), { appDir: dir });
    try {
      for (const path of ['/assets/app-AbCd1234.js', '/assets/style-Zz9_8765.css']) {
        const answer = await httpCall({ port: own.port, path, headers: { ...own.auth, 'accept-encoding': 'br' } });
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe('br');
        expect(answer.body.equals(readFileSync(join(dir, path.slice(1))))).toBe(true);
      }
    } finally {
      await own.close();
    }
  });
});
