/**
 * The review page with its first screen, from a real server over a real git
 * repository: what the HTML carries, how it is encoded, and what it never
 * lets through.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API, DEFAULT_PREFERENCES, DEFAULT_SETTINGS, LINK_HEADER, SESSION_HEADER, type Preferences, type ReviewData } from '@redline/core';
import { makeRepo, makeTempDir, type TestRepo } from '../../testSupport/gitRepo.js';
import { httpCall } from '../../testSupport/httpClient.js';
import { gitSource, startHarness, type Harness } from '../../testSupport/reviewServerHarness.js';
import { STUB_INLINE_SCRIPT } from '../../testSupport/stubApp.js';
import { inlineScriptHashes } from './staticApp.js';
import { preferencesElement } from './reviewPage.js';

/** The preferences the page carries, as its scripts read them. */
function preferencesIn(html: string): Preferences {
  const match = /<script type="application\/json" id="redline-preferences">([^<]*)<\/script>/.exec(html);
  expect(match, 'the preferences element').not.toBeNull();
  return JSON.parse(match![1]!) as Preferences;
}

let repo: TestRepo;
let harness: Harness;

beforeEach(async () => {
  repo = makeRepo({ commit: { 'src/calc.ts': 'export function add(a: number, b: number) {\n  return a + b;\n}\n' } });
  repo.write('src/calc.ts', 'export function add(a: number, b: number) {\n  return a - b; // </div><script>alert(1)</script> \u202E\n}\n');
  // Not signed in: the review link stays unspent, and so answers with the first screen every time.
  harness = await startHarness(await gitSource(repo.dir), { signIn: false });
});

/** The review link's path and query: the one navigation whose answer carries the first screen. */
const link = () => {
  const url = new URL(harness.server.reviewUrl);
  return url.pathname + url.search;
};

afterEach(async () => {
  await harness.close();
  repo.cleanup();
});

describe('the review page', () => {
  it('carries the first screen of the diff in its slot, escaped, with the CSP of its own inline scripts', async () => {
    const page = await harness.get(link(), { 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('<body><div id="redline-first-screen"');
    expect(page.text).toContain('</div><div id="root">stub review page</div></body></html>');
    // Highlighted (firstScreenHighlight.ts), the patch's text still escaped.
    expect(page.text).toContain(' data-highlighted>');
    expect(page.text).toContain('a - b; <span class="h-comment">// &lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt; \\u{202E}</span>');
    expect(page.text).toContain('data-ignore-whitespace="off"');
    // The first screen adds no script: the page's CSP still allows exactly the stub's one inline script.
    expect(inlineScriptHashes(page.text)).toEqual(inlineScriptHashes(`<script>${STUB_INLINE_SCRIPT}</script>`));
    expect(page.headers['content-security-policy']).toContain(inlineScriptHashes(page.text)[0]!);
  });

  it('answers the review link, never stored by a cache, without spending it or setting any cookie', async () => {
    const page = await harness.get(link(), { 'accept-encoding': 'gzip' });
    expect(page.status).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.text).toContain('id="redline-first-screen"');
    expect((await harness.get(link())).text).toContain('id="redline-first-screen"');
  });

  it("pictures the diff in the whitespace mode of the reviewer's preferences, read fresh for each answer; a cookie decides nothing", async () => {
    const planted = await harness.get(link(), { cookie: 'hideWhitespace=on; pairRenames=off; theme=dark' });
    expect(planted.text).toContain('data-ignore-whitespace="off"');
    expect(preferencesIn(planted.text)).toEqual(DEFAULT_PREFERENCES);
    expect(planted.headers.vary).toBe('Accept-Encoding');
    const mine = { ...DEFAULT_PREFERENCES, settings: { ...DEFAULT_SETTINGS, hideWhitespace: true, theme: 'dark' as const } };
    await harness.preferences.write(mine);
    const page = await harness.get(link());
    expect(page.text).toContain('data-ignore-whitespace="on"');
    expect(preferencesIn(page.text)).toEqual(mine);
  });

  it('carries the preferences right after <head> as a JSON data block that no name can end or turn into markup', async () => {
    const reviewer = '</script><script>alert(1)</script><!--';
    await harness.preferences.write({ ...DEFAULT_PREFERENCES, reviewer });
    for (const answer of [await harness.get(link()), await httpCall({ port: harness.port, path: '/' })]) {
      expect(answer.text).toMatch(/^<!doctype html><html><head><script type="application\/json" id="redline-preferences">\{/);
      expect(answer.text).not.toContain('alert(1)</script>');
      expect(preferencesIn(answer.text).reviewer).toBe(reviewer);
      // A data block is never run: the CSP still allows exactly the stub's one inline script.
      expect(inlineScriptHashes(answer.text)).toEqual(inlineScriptHashes(`<script>${STUB_INLINE_SCRIPT}</script>`));
    }
    expect(preferencesElement({ ...DEFAULT_PREFERENCES, reviewer: 'a\u2028b\u2029<' })).toContain('"reviewer":"a\\u2028b\\u2029\\u003c"');
  });

  it('is the page without the diff on a reload of / (a navigation carries no credential), signed in or not', async () => {
    const signedIn = await startHarness(await gitSource(repo.dir));
    try {
      for (const answer of [await httpCall({ port: harness.port, path: '/' }), await signedIn.get('/')]) {
        expect(answer.status).toBe(200);
        expect(answer.headers['cache-control']).toBe('no-cache');
        expect(answer.text).toContain('<div id="root">stub review page</div>');
        expect(answer.text).not.toContain('redline-first-screen');
        expect(answer.text).not.toContain('return a - b');
      }
    } finally {
      await signedIn.close();
    }
  });

  it('is refused at a spent link, and the first screen is gone with it', async () => {
    const signedIn = await startHarness(await gitSource(repo.dir));
    try {
      const url = new URL(signedIn.server.reviewUrl);
      const again = await signedIn.get(url.pathname + url.search);
      expect(again.status).toBe(403);
      expect(again.text).toContain('This review link was already used');
      expect(again.text).not.toContain('return a - b');
    } finally {
      await signedIn.close();
    }
  });

  it('answers HEAD with the headers only', async () => {
    const page = await httpCall({ port: harness.port, method: 'HEAD', path: '/' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body.length).toBe(0);
  });
});

describe('ReviewSession.loadRecentReview (what the first screen pictures)', () => {
  it('takes the last reading while it is recent, and reads the repository again once it is not', async () => {
    const before = await harness.session.loadReview();
    repo.write('src/calc.ts', 'export function add(a: number, b: number) {\n  return a * b;\n}\n');
    expect(await harness.session.loadRecentReview(false, 60_000)).toBe(before);
    const now = await harness.session.loadRecentReview(false, 0);
    expect(now.fingerprint).not.toBe(before.fingerprint);
    expect(now.patch).toContain('return a * b;');
  });
});

describe("the link's first request (the page's review, after its first screen)", () => {
  it('shows the reading the first screen was drawn from while it is recent; GET /api/review reads the repository again', async () => {
    const first = await harness.get(link(), { 'accept-encoding': 'br' });
    expect(first.text).toContain('a - b;');
    repo.write('src/calc.ts', 'export function add(a: number, b: number) {\n  return a * b;\n}\n');
    const token = new URL(harness.server.reviewUrl).searchParams.get('token')!;
    const headers = { origin: `http://127.0.0.1:${harness.port}`, [LINK_HEADER]: token };
    const grant = await httpCall({ port: harness.port, method: 'POST', path: `${API.session}?review=show`, headers });
    expect(grant.status).toBe(200);
    const shown = grant.json() as ReviewData;
    expect(shown.patch).toContain('return a - b;');
    // The page's own check (its freshness poller, at once) and any later request see the change.
    const secret = String(grant.headers[SESSION_HEADER]);
    const fresh = await httpCall({ port: harness.port, path: `${API.freshness}?fingerprint=${shown.fingerprint}`, headers: { [SESSION_HEADER]: secret } });
    expect(fresh.json()).toMatchObject({ fresh: false });
    const now = await httpCall({ port: harness.port, path: API.review, headers: { [SESSION_HEADER]: secret } });
    expect((now.json() as ReviewData).patch).toContain('return a * b;');
  });
});

describe('a page built without the slot', () => {
  it('is sent as it is, with nothing after its end', async () => {
    const appDir = makeTempDir('redline-app-noslot-');
    mkdirSync(join(appDir, 'assets'));
    writeFileSync(join(appDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    const plain = await startHarness(await gitSource(repo.dir), { appDir, signIn: false });
    try {
      const url = new URL(plain.server.reviewUrl);
      const page = await httpCall({ port: plain.port, path: url.pathname + url.search, headers: { 'accept-encoding': 'br' } });
      expect(page.text).toBe('<!doctype html><html><body><div id="root"></div></body></html>');
    } finally {
      await plain.close();
    }
  });
});
