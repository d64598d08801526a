/** Headers every response carries, and the Content-Security-Policy of the page. */
import type { ServerResponse } from 'node:http';

const BASE_SCRIPT_SOURCES = ["'self'", "'wasm-unsafe-eval'"];

/**
 * The page's CSP. `inlineScriptHashes` are 'sha256-…' sources for inline
 * scripts in index.html (the settings-and-review script in its head, the
 * starter at the end of its body), so they can
 * run without allowing inline script in general.
 */
export function contentSecurityPolicy(inlineScriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src ${[...BASE_SCRIPT_SOURCES, ...inlineScriptHashes].join(' ')}`,
    "worker-src 'self' blob:",
    "connect-src 'self'",
    // blob: for the diff's pictures: the page fetches them with its session header, which an <img src> cannot send.
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const DEFAULT_CSP = contentSecurityPolicy();

/** Set on every response, errors included. No Access-Control-* header is ever sent. */
export function applySecurityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', DEFAULT_CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('X-Frame-Options', 'DENY');
}
