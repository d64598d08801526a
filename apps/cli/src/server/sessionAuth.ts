/**
 * Who may act as the reviewer. The CLI hands the browser a single-use link
 * token (256 bits). The page the link opens posts it once to
 * `POST /api/session` (header `X-Redline-Link`) and gets a separate session
 * secret back, which it keeps in its origin's localStorage and sends on every
 * API call as `X-Redline-Session`.
 *
 * Why a header and origin storage, not a cookie: cookies are not isolated by
 * port, so every other server on 127.0.0.1 the reviewer's browser visits was
 * sent the session cookie, and any page on another port could shadow it
 * (`document.cookie = "…; path=/api"`) or replace it (`Set-Cookie`).
 * localStorage is per origin, port included: no other origin can read,
 * overwrite or shadow it, and a browser never attaches it to a request by
 * itself. A custom header also makes any cross-origin attempt a CORS
 * preflight, which the server never answers with permission.
 *
 * A process that only read the printed link afterwards gets nothing: the
 * token is spent and the secret never left the page.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SESSION_HEADER } from '@redline/core';

/** What a link token is, without spending it. */
export type LinkState = 'valid' | 'spent' | 'wrong';

export type TokenExchange = { outcome: 'accepted'; secret: string } | { outcome: 'reused' } | { outcome: 'wrong' };

export class SessionAuth {
  /** Goes into the review link; never logged by the server. */
  readonly urlToken = randomBytes(32).toString('hex');
  private readonly sessionSecret = randomBytes(32).toString('hex');
  private tokenSpent = false;

  constructor(private readonly onTokenSpent: () => void = () => undefined) {}

  /** Whether a navigation to the link may show the review (its first screen), without spending it. */
  linkState(token: string): LinkState {
    if (!equalSecrets(token, this.urlToken)) return 'wrong';
    return this.tokenSpent ? 'spent' : 'valid';
  }

  /** Spends the link token for the session secret, once. */
  exchange(token: string): TokenExchange {
    const state = this.linkState(token);
    if (state === 'wrong') return { outcome: 'wrong' };
    if (state === 'spent') return { outcome: 'reused' };
    this.tokenSpent = true;
    this.onTokenSpent();
    return { outcome: 'accepted', secret: this.sessionSecret };
  }

  /** The request carries the session secret in exactly one `X-Redline-Session` header. */
  hasSession(req: IncomingMessage): boolean {
    const value = req.headers[SESSION_HEADER];
    return typeof value === 'string' && equalSecrets(value, this.sessionSecret);
  }
}

function equalSecrets(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
