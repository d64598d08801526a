/**
 * index.html's first script spends the review link and keeps the secret
 * before any of the app's code has loaded, so it cannot import the names it
 * uses: this pins them to the core's contract, and checks the client sends
 * what that script stored.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { API, LINK_HEADER, SESSION_HEADER, SESSION_STORAGE_KEY } from '@redline/core';
import { createApiClient } from './apiClient.js';

/** The page's own toolchain reads it (a DOM project: no Node APIs). */
const INDEX_HTML = Object.values(import.meta.glob<string>('/apps/review/index.html', { query: '?raw', import: 'default', eager: true }))[0] ?? '';

afterEach(() => {
  localStorage.clear();
  delete (globalThis as { __redlineSession?: unknown }).__redlineSession;
});

describe('the session credential', () => {
  it('index.html spends the link at the contract\'s endpoint, with its header, into its storage key', () => {
    // One request spends the link and answers with the review (API.session's `review=`), the secret in the session header.
    expect(INDEX_HTML).toContain(`fetch('${API.session}?review=' + (ignoreWhitespace ? 'ignore' : 'show'), { method: 'POST', headers: { '${headerCase(LINK_HEADER)}': link }`);
    expect(INDEX_HTML).toContain(`answer.headers.get('${headerCase(SESSION_HEADER)}')`);
    expect(INDEX_HTML).toContain(`localStorage.setItem('${SESSION_STORAGE_KEY}', secret)`);
    expect(INDEX_HTML).toContain(`{ '${headerCase(SESSION_HEADER)}': secret }`);
    expect(INDEX_HTML).not.toMatch(/credentials: 'same-origin'|credentials: 'include'/);
  });

  it('every request carries the stored secret in its header, and no cookie', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'a'.repeat(64));
    const seen: RequestInit[] = [];
    const api = createApiClient(async (_url, init) => {
      seen.push(init ?? {});
      return new Response(JSON.stringify({ ok: true }), { status: 200 });
    }, 'http://127.0.0.1:1');
    await api.closeReview();
    await api.getFreshness('f'.repeat(64));
    for (const init of seen) {
      expect(new Headers(init.headers).get(SESSION_HEADER)).toBe('a'.repeat(64));
      expect(init.credentials).toBe('omit');
    }
  });

  it('waits for the first script\'s exchange, and falls back to the secret it kept when storage is off', async () => {
    let settle!: () => void;
    const ready = new Promise<void>((resolve) => (settle = resolve));
    const early = { ready, secret: null as string | null };
    (globalThis as { __redlineSession?: unknown }).__redlineSession = early;
    const seen: string[] = [];
    const api = createApiClient(async (_url, init) => {
      seen.push(new Headers(init?.headers).get(SESSION_HEADER) ?? 'none');
      return new Response('{}', { status: 200 });
    }, 'http://127.0.0.1:1');
    const call = api.getFreshness('f'.repeat(64));
    await Promise.resolve();
    expect(seen).toEqual([]);
    early.secret = 'b'.repeat(64);
    settle();
    await call;
    expect(seen).toEqual(['b'.repeat(64)]);
  });
});

/** `x-redline-link` → `X-Redline-Link`, as the script writes it. */
function headerCase(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_all, dash: string, letter: string) => dash + letter.toUpperCase());
}
