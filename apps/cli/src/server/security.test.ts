/**
 * The server's defences, each against a real server on 127.0.0.1 with raw
 * HTTP requests: loopback binding, the single-use link and the session
 * secret header, the Host allow-list, the Origin rule, JSON-only bodies with a
 * cap, security headers, no CORS, and the file endpoint's refusal of every
 * path that is not exactly one of the diff's own.
 */
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, LINK_HEADER, SESSION_HEADER, type ApiError, type ReviewData } from '@redline/core';
import { makeRepo, makeTempDir, type TestRepo } from '../../testSupport/gitRepo.js';
import { httpCall, type HttpAnswer } from '../../testSupport/httpClient.js';
import { gitSource, startHarness, type Harness } from '../../testSupport/reviewServerHarness.js';
import { STUB_INLINE_SCRIPT } from '../../testSupport/stubApp.js';
import { createHash } from 'node:crypto';

const CANARY = 'CANARY-outside-the-repository-7f3a';
const EXPECTED_CSP_START = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";

let repo: TestRepo;
let outside: string;
let harness: Harness;
let review: ReviewData;

beforeAll(async () => {
  outside = makeTempDir('redline-outside-');
  writeFileSync(join(outside, 'secret.txt'), CANARY);
  repo = makeRepo({ commit: { 'crlf.txt': 'a\r\n', 'naïve café.txt': 'x\n', 'will-swap.txt': 'regular\n' } });
  repo.write('crlf.txt', 'b\r\n');
  repo.write('naïve café.txt', 'y\n');
  repo.write('will-swap.txt', 'still regular\n');
  repo.symlink(join(outside, 'secret.txt'), 'escape-link');
  repo.symlink(outside, 'outside-dir-link');
  repo.git('config', 'redline.canary', CANARY);
  harness = await startHarness(await gitSource(repo.dir));
  review = (await harness.get(API.review)).json<ReviewData>();
});

afterAll(async () => {
  await harness?.close();
  repo?.cleanup();
});

function expectNoLeak(answer: HttpAnswer): void {
  expect(answer.text).not.toContain(CANARY);
  expect(answer.text).not.toContain('root:x:0');
  expect(answer.text).not.toContain('[core]');
}

function noCorsHeaders(answer: HttpAnswer): void {
  for (const name of Object.keys(answer.headers)) expect(name.startsWith('access-control-')).toBe(false);
}

describe("a neighbour's cookies", () => {
  it('a jar filled by another local server (a dozen 3.9 KB cookies, and 200 of them) is ignored: the page and the API answer, never 431', async () => {
    for (const count of [12, 200]) {
      const cookie = Array.from({ length: count }, (_, i) => `n${i}=${'x'.repeat(3900)}`).join('; ');
      const page = await httpCall({ port: harness.port, path: '/', headers: { cookie } });
      expect(page.status, `${count} cookies`).toBe(200);
      const api = await harness.get(API.review, { cookie });
      expect(api.status, `${count} cookies`).toBe(200);
    }
  });
});

describe('binding', () => {
  it('listens on 127.0.0.1 only', async () => {
    expect(harness.origin).toBe(`http://127.0.0.1:${harness.port}`);
    const addresses = ['::1', ...Object.values(networkInterfaces()).flat().filter((i) => i && !i.internal).map((i) => i!.address)];
    for (const address of addresses) {
      const reached = await new Promise<boolean>((resolve) => {
        const socket = connect({ host: address, port: harness.port });
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
      expect(reached, `reachable on ${address}`).toBe(false);
    }
  });
});

/** POST /api/session as the page's first script sends it. */
function exchange(port: number, token: string | undefined, origin = `http://127.0.0.1:${port}`): Promise<HttpAnswer> {
  const headers: Record<string, string> = { origin };
  if (token !== undefined) headers[LINK_HEADER] = token;
  return httpCall({ port, method: 'POST', path: API.session, headers });
}

describe('the single-use link and the session secret', () => {
  it('spends the link once for a different secret, sets no cookie, and refuses the link afterwards', async () => {
    const fresh = await startHarness(await gitSource(repo.dir), { signIn: false });
    try {
      const url = new URL(fresh.server.reviewUrl);
      const token = url.searchParams.get('token')!;
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      const first = await httpCall({ port: fresh.port, path: url.pathname + url.search });
      expect(first.status).toBe(200);
      // The review page itself, with its first screen; opening it spends nothing.
      expect(first.text).toContain('stub review page');
      expect(first.headers['cache-control']).toBe('no-store');
      expect(first.headers['set-cookie']).toBeUndefined();

      const grant = await exchange(fresh.port, token);
      expect(grant.status).toBe(200);
      expect(grant.headers['set-cookie']).toBeUndefined();
      expect(grant.headers['cache-control']).toBe('no-store');
      const secret = grant.json<{ session: string }>().session;
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(secret).not.toBe(token);
      expect((await httpCall({ port: fresh.port, path: API.review, headers: { [SESSION_HEADER]: secret } })).status).toBe(200);

      const reused = await exchange(fresh.port, token);
      expect(reused.status).toBe(401);
      expect(reused.text).not.toContain(secret);
      const again = await httpCall({ port: fresh.port, path: url.pathname + url.search });
      expect(again.status).toBe(403);
      expect(again.text).toContain('This review link was already used');

      const wrong = await httpCall({ port: fresh.port, path: `/?token=${'0'.repeat(64)}` });
      expect(wrong.status).toBe(403);
    } finally {
      await fresh.close();
    }
  });

  it('with ?review= the exchange answers with the review itself, the secret in its header, once', async () => {
    const fresh = await startHarness(await gitSource(repo.dir), { signIn: false });
    try {
      const token = new URL(fresh.server.reviewUrl).searchParams.get('token')!;
      const headers = { origin: `http://127.0.0.1:${fresh.port}`, [LINK_HEADER]: token };
      const grant = await httpCall({ port: fresh.port, method: 'POST', path: `${API.session}?review=show`, headers });
      expect(grant.status).toBe(200);
      expect(grant.headers['cache-control']).toBe('no-store');
      expect(grant.headers['set-cookie']).toBeUndefined();
      const secret = String(grant.headers[SESSION_HEADER]);
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(secret).not.toBe(token);
      // The body is what GET /api/review answers that secret.
      const review = await httpCall({ port: fresh.port, path: API.review, headers: { [SESSION_HEADER]: secret } });
      expect(grant.json()).toEqual(review.json());
      // Spent: neither form of the exchange works again, and neither shows the review.
      for (const path of [`${API.session}?review=show`, API.session]) {
        const reused = await httpCall({ port: fresh.port, method: 'POST', path, headers });
        expect(reused.status, path).toBe(401);
        expect(reused.headers[SESSION_HEADER], path).toBeUndefined();
        expect(reused.text, path).not.toContain('"files"');
      }
    } finally {
      await fresh.close();
    }
  });

  it('a wrong token is refused, at the link and at the exchange, and does not spend the real one', async () => {
    const fresh = await startHarness(await gitSource(repo.dir), { signIn: false });
    try {
      const url = new URL(fresh.server.reviewUrl);
      const token = url.searchParams.get('token')!;
      for (const guess of ['', 'x', token.slice(0, 63), token + '0', token.toUpperCase()]) {
        expect((await httpCall({ port: fresh.port, path: `/?token=${encodeURIComponent(guess)}` })).status, guess).toBe(403);
        expect((await exchange(fresh.port, guess)).status, guess).toBe(401);
      }
      expect((await exchange(fresh.port, undefined)).status).toBe(401);
      // From another origin, or with none, the exchange is refused before the token is looked at.
      expect((await exchange(fresh.port, token, `http://127.0.0.1:${fresh.port + 1}`)).status).toBe(403);
      expect((await httpCall({ port: fresh.port, method: 'POST', path: API.session, headers: { [LINK_HEADER]: token } })).status).toBe(403);
      expect((await exchange(fresh.port, token)).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('refuses every API call without the secret, with a wrong one, with it twice, or with it as a cookie', async () => {
    const secret = harness.auth[SESSION_HEADER]!;
    const paths = [API.review, `${API.file}?path=crlf.txt&fingerprint=${review.fingerprint}`, `${API.freshness}?fingerprint=${review.fingerprint}`, `${API.draft}?fingerprint=${review.fingerprint}`];
    const wrongHeaders: Record<string, string>[] = [
      {},
      { [SESSION_HEADER]: '0'.repeat(64) },
      { [SESSION_HEADER]: '' },
      { [SESSION_HEADER]: secret.toUpperCase() },
      { [SESSION_HEADER]: `${secret}, ${secret}` },
      { cookie: `redline_session_${harness.port}=${secret}` },
      { authorization: `Bearer ${secret}` },
    ];
    for (const path of paths) {
      for (const headers of wrongHeaders) {
        const answer = await httpCall({ port: harness.port, path, headers });
        expect(answer.status, `${path} with ${JSON.stringify(headers)}`).toBe(401);
        expectNoLeak(answer);
      }
    }
    expect((await harness.get(API.review)).status).toBe(200);
    const post = await httpCall({
      port: harness.port,
      method: 'POST',
      path: API.close,
      headers: { origin: harness.origin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(post.status).toBe(401);
    expect(harness.session.isEnded).toBe(false);
  });

  it('the page and its assets hold nothing of the review, so they need no secret; the review is only in the API', async () => {
    for (const path of ['/', '/index.html', '/assets/app-AbCd1234.js']) {
      const answer = await httpCall({ port: harness.port, path });
      expect(answer.status, path).toBe(200);
      expect(answer.text).not.toContain('redline-first-screen');
      expect(answer.text).not.toContain(review.fingerprint);
      expectNoLeak(answer);
    }
  });
});

describe('Host and Origin', () => {
  it('answers only to 127.0.0.1, localhost and [::1] on its own port (DNS rebinding)', async () => {
    for (const host of ['evil.example', `evil.example:${harness.port}`, `127.0.0.1:${harness.port + 1}`, '127.0.0.1', `127.0.0.2:${harness.port}`, `localhost.evil.example:${harness.port}`, `0.0.0.0:${harness.port}`, `[::ffff:127.0.0.1]:${harness.port}`, '']) {
      const answer = await httpCall({ port: harness.port, path: API.review, host, headers: harness.auth });
      expect(answer.status, host).toBe(403);
      expectNoLeak(answer);
    }
    for (const host of [`127.0.0.1:${harness.port}`, `localhost:${harness.port}`, `[::1]:${harness.port}`, `LOCALHOST:${harness.port}`]) {
      const answer = await httpCall({ port: harness.port, path: API.review, host, headers: harness.auth });
      expect(answer.status, host).toBe(200);
    }
  });

  it('refuses a non-GET request from a foreign origin, with no origin, or with Origin: null', async () => {
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:${harness.port + 1}`, `https://127.0.0.1:${harness.port}`, undefined]) {
      const headers: Record<string, string> = { ...harness.auth, 'content-type': 'application/json' };
      if (origin !== undefined) headers.origin = origin;
      for (const [method, path] of [['POST', API.feedback], ['POST', API.close], ['PUT', API.draft]] as const) {
        const answer = await httpCall({ port: harness.port, method, path, headers, body: JSON.stringify({ verdict: 'approve', summary: '', annotations: [] }) });
        expect(answer.status, `${method} ${path} from ${origin}`).toBe(403);
      }
    }
    expect(harness.session.isEnded).toBe(false);
  });

  it('refuses a cross-origin text/plain POST (a CORS "simple request" any page can send)', async () => {
    const body = JSON.stringify({ verdict: 'approve', summary: 'forged', annotations: [] });
    const forged = await httpCall({ port: harness.port, method: 'POST', path: API.feedback, headers: { origin: 'http://evil.example', 'content-type': 'text/plain' }, body });
    expect(forged.status).toBe(403);
    noCorsHeaders(forged);
    // Even from our own origin with the secret, a non-JSON body is refused.
    const plain = await harness.send('POST', API.feedback, body, { 'content-type': 'text/plain;charset=UTF-8' });
    expect(plain.status).toBe(415);
    const form = await harness.send('POST', API.feedback, 'verdict=approve', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect(harness.session.isEnded).toBe(false);
  });

  it('a foreign Origin is refused even on GET', async () => {
    const answer = await harness.get(API.review, { origin: 'http://evil.example' });
    expect(answer.status).toBe(403);
  });
});

describe('bodies and headers', () => {
  it('caps JSON bodies at 10 MB (413) and rejects invalid JSON (400)', async () => {
    const huge = JSON.stringify({ verdict: 'approve', summary: 'x'.repeat(10 * 1024 * 1024), annotations: [] });
    const tooLarge = await harness.send('POST', API.feedback, huge).catch(() => ({ status: 413 }) as HttpAnswer);
    expect(tooLarge.status).toBe(413);
    const broken = await harness.send('PUT', API.draft, '{"version": 1,');
    expect(broken.status).toBe(400);
    expect(broken.json<ApiError>().error.code).toBe('bad-request');
    expect(harness.session.isEnded).toBe(false);
  });

  it('refuses a body that is not UTF-8 (400), never turning it into U+FFFD', async () => {
    const body = Buffer.concat([Buffer.from('{"verdict":"approve","summary":"caf'), Buffer.from([0xe9]), Buffer.from('","annotations":[]}')]);
    const answer = await harness.send('POST', API.feedback, body);
    expect(answer.status).toBe(400);
    expect(answer.json<ApiError>().error.message).toContain('not valid UTF-8');
    expect(harness.session.isEnded).toBe(false);
  });

  it('a client that goes away mid-body is a bad request, not an internal error', async () => {
    const before = harness.internalErrors.length;
    await new Promise<void>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: harness.port }, () => {
        const head = `PUT ${API.draft} HTTP/1.1\r\nHost: 127.0.0.1:${harness.port}\r\nOrigin: ${harness.origin}\r\n${SESSION_HEADER}: ${harness.auth[SESSION_HEADER]}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"version":1,`;
        socket.write(head, () => setTimeout(() => socket.destroy(), 100));
      });
      socket.on('close', () => resolve());
      socket.on('error', () => undefined);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(harness.internalErrors.slice(before)).toEqual([]);
    expect((await harness.get(API.review)).status).toBe(200);
  });

  it('answers two Host headers with 400 (RFC 9112), even when both are ours', async () => {
    const answer = await rawRequest(harness.port, `GET ${API.review} HTTP/1.1\r\nHost: 127.0.0.1:${harness.port}\r\nHost: 127.0.0.1:${harness.port}\r\n${SESSION_HEADER}: ${harness.auth[SESSION_HEADER]}\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).not.toContain(review.fingerprint);
  });

  it('closes a connection whose headers never end within 5 s (slowloris)', async () => {
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: harness.port }, () => socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${harness.port}\r\nX-Slow: a`));
      socket.on('close', () => resolve(Date.now() - started));
      socket.on('error', () => undefined);
    });
    expect(closedAfter).toBeLessThan(9_000);
  }, 20_000);

  it('sends the security headers on the page, API answers and refusals, and never a CORS header', async () => {
    const page = await harness.get('/');
    const api = await harness.get(API.review);
    const refused = await httpCall({ port: harness.port, path: API.review });
    const forged = await httpCall({ port: harness.port, path: '/', host: 'evil.example' });
    const preflight = await httpCall({ port: harness.port, method: 'OPTIONS', path: API.feedback, headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' } });
    for (const answer of [page, api, refused, forged, preflight]) {
      expect(answer.headers['content-security-policy']).toMatch(new RegExp(`^${EXPECTED_CSP_START.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
      noCorsHeaders(answer);
    }
    expect(preflight.status).toBe(403);
    expect(api.headers['cache-control']).toBe('no-store');
    const inlineHash = createHash('sha256').update(STUB_INLINE_SCRIPT).digest('base64');
    expect(page.headers['content-security-policy']).toBe(
      `default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-${inlineHash}'; worker-src 'self' blob:; connect-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'`,
    );
  });
});

describe('the file endpoint maps only the diff’s own paths', () => {
  const fp = () => review.fingerprint;
  const nfd = 'naïve café.txt'.normalize('NFD');
  /** Raw query strings, sent exactly as written. */
  const payloads: string[] = [
    'path=../secret.txt',
    'path=../../../../../../etc/passwd',
    'path=/etc/passwd',
    `path=${encodeURIComponent(join('/tmp', 'secret.txt'))}`,
    'path=%2e%2e%2fsecret.txt',
    'path=%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
    'path=%252e%252e%252fsecret.txt',
    'path=..%2fsecret.txt',
    'path=..%5csecret.txt',
    'path=..\\secret.txt',
    'path=C:\\Windows\\win.ini',
    'path=C%3Asecret.txt',
    'path=%5C%5Cserver%5Cshare%5Csecret.txt',
    'path=%5C%5C%3F%5CC%3A%5Csecret.txt',
    'path=crlf.txt%00',
    'path=crlf.txt%00.png',
    'path=%00../secret.txt',
    'path=crlf.txt%23',
    'path=crlf.txt?x=1',
    'path=crlf.txt#fragment',
    'path=crlf.txt/',
    'path=./crlf.txt',
    'path=sub/../crlf.txt',
    'path=.git/config',
    'path=.git%2fconfig',
    'path=.GIT/config',
    'path=.git/HEAD',
    'path=CRLF.TXT',
    `path=${encodeURIComponent(nfd)}`,
    'path=%EF%BC%8E%EF%BC%8E%EF%BC%8Fsecret.txt',
    'path=outside-dir-link/secret.txt',
    'path=escape-link/../secret.txt',
    'path=',
    'path=%20crlf.txt',
    'path=crlf.txt%20',
    'path=file:///etc/passwd',
    'path=~/.ssh/id_rsa',
    'path=....//secret.txt',
    'path=..;/secret.txt',
    'path=CON',
    'path=crlf.txt%0a',
    `path=${encodeURIComponent(outside + '/secret.txt')}`,
  ];

  it(`refuses ${payloads.length} traversal payloads as not-in-diff without reading outside the repository`, async () => {
    expect(payloads.length).toBeGreaterThanOrEqual(30);
    for (const payload of payloads) {
      const answer = await harness.get(`${API.file}?${payload}&fingerprint=${fp()}`);
      expect(answer.status, payload).toBe(404);
      expect(answer.json<ApiError>().error.code, payload).toBe('not-in-diff');
      expectNoLeak(answer);
    }
  });

  it('refuses repeated or missing parameters instead of guessing', async () => {
    for (const query of [`path=crlf.txt&path=../secret.txt&fingerprint=${fp()}`, `fingerprint=${fp()}`, 'path=crlf.txt', `path=crlf.txt&fingerprint=${fp()}&fingerprint=${fp()}`]) {
      const answer = await harness.get(`${API.file}?${query}`);
      expect(answer.status, query).toBe(400);
      expectNoLeak(answer);
    }
  });

  it('symlinks in the diff are refused, never followed (an escaping link, a linked directory)', async () => {
    for (const path of ['escape-link', 'outside-dir-link']) {
      const answer = await harness.get(`${API.file}?${new URLSearchParams({ path, fingerprint: fp() })}`);
      expect(answer.status, path).toBe(422);
      expect(answer.json<ApiError>().error.code).toBe('symlink');
      expectNoLeak(answer);
    }
  });

  it('a file swapped for a symlink after the diff was loaded is refused, not followed', async () => {
    repo.remove('will-swap.txt');
    repo.symlink(join(outside, 'secret.txt'), 'will-swap.txt');
    try {
      const answer = await harness.get(`${API.file}?${new URLSearchParams({ path: 'will-swap.txt', fingerprint: fp() })}`);
      expect(answer.status).toBe(422);
      expect(answer.json<ApiError>().error.code).toBe('symlink');
      expectNoLeak(answer);
    } finally {
      repo.remove('will-swap.txt');
      repo.write('will-swap.txt', 'still regular\n');
    }
  });

  it('serves the real files of the diff (the payloads above were refused for the right reason)', async () => {
    for (const path of ['crlf.txt', 'naïve café.txt', 'will-swap.txt']) {
      const answer = await harness.get(`${API.file}?${new URLSearchParams({ path, fingerprint: fp() })}`);
      expect(answer.status, path).toBe(200);
    }
  });

  it('static paths are looked up exactly, never joined to a directory', async () => {
    for (const path of ['/assets/../index.html', '/%2e%2e/%2e%2e/etc/passwd', '//etc/passwd', '/assets/app-AbCd1234.js%00', '/assets/', '/assets/nested/../app-AbCd1234.js', '/../../etc/passwd', '/.git/config', '/assets/%2e%2e%2f%2e%2e%2fpackage.json']) {
      const answer = await harness.get(path);
      expect(answer.status, path).toBe(404);
      expectNoLeak(answer);
    }
    expect((await harness.get('/assets/nested/logo.svg')).status).toBe(200);
  });
});

/** Sends raw bytes and returns everything the server answered until it closed the connection. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write(text));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}
