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
 *
 * A new link (pressing Enter in the terminal running redline, when that is a
 * terminal: `mintLinkToken`) is another single-use token for the same secret:
 * the old links stay spent, each new one works once, and tabs already signed
 * in keep working.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SESSION_HEADER } from '@redline/core';

import type { LinkSpend } from './linkSpender.js';

/** What a link token is, without spending it; a spent one says when and by what. */
export type LinkState = { kind: 'valid' } | { kind: 'spent'; spend: Promise<LinkSpend> } | { kind: 'wrong' };

export type TokenExchange = { outcome: 'accepted'; secret: string } | { outcome: 'reused'; spend: Promise<LinkSpend> } | { outcome: 'wrong' };

export class SessionAuth {
  /** Goes into the first review link; never logged by the server. */
  readonly urlToken = newToken();
  private readonly sessionSecret = newToken();
  /** Every link token minted, and, once spent, when and by what. */
  private readonly linkTokens = new Map<string, Promise<LinkSpend> | null>([[this.urlToken, null]]);
  private firstSpend: Promise<LinkSpend> | null = null;

  /** @param onTokenSpent called once, when the first link is spent (the launcher file can go) */
  constructor(private readonly onTokenSpent: (spend: Promise<LinkSpend>) => void = () => undefined) {}

  /** A new single-use link token for the same session. */
  mintLinkToken(): string {
    const token = newToken();
    this.linkTokens.set(token, null);
    return token;
  }

  /** Whether a navigation to the link may show the review (its first screen), without spending it. */
  linkState(token: string): LinkState {
    const known = this.findToken(token);
    if (known === null) return { kind: 'wrong' };
    const spend = this.linkTokens.get(known);
    return spend ? { kind: 'spent', spend } : { kind: 'valid' };
  }

  /**
   * Spends a link token for the session secret, once. `spender` tells what
   * spent it; it is asked only after the token is spent, so the exchange
   * waits for nothing.
   */
  exchange(token: string, spender: () => Promise<string>): TokenExchange {
    const known = this.findToken(token);
    if (known === null) return { outcome: 'wrong' };
    const spent = this.linkTokens.get(known);
    if (spent) return { outcome: 'reused', spend: spent };
    const at = new Date().toISOString();
    const spend = spender().then((by) => ({ at, by }), () => ({ at, by: 'a program that could not be named' }));
    this.linkTokens.set(known, spend);
    if (this.firstSpend === null) {
      this.firstSpend = spend;
      this.onTokenSpent(spend);
    }
    return { outcome: 'accepted', secret: this.sessionSecret };
  }

  /** The first spend of any link of this session (what `redline status` reports), or null while none is spent. */
  firstLinkSpend(): Promise<LinkSpend> | null {
    return this.firstSpend;
  }

  /** Compares with every token (constant time each): a person mints a handful at most. */
  private findToken(given: string): string | null {
    let found: string | null = null;
    for (const token of this.linkTokens.keys()) if (equalSecrets(given, token)) found = token;
    return found;
  }

  /** The request carries the session secret in exactly one `X-Redline-Session` header. */
  hasSession(req: IncomingMessage): boolean {
    const value = req.headers[SESSION_HEADER];
    return typeof value === 'string' && equalSecrets(value, this.sessionSecret);
  }
}

function newToken(): string {
  return randomBytes(32).toString('hex');
}

function equalSecrets(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
