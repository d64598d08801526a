/**
 * Who may talk to the server. The CLI hands the browser a single-use URL
 * token (256 bits); the first GET /?token= swaps it for an HttpOnly,
 * SameSite=Strict cookie holding a separate session secret. A process that
 * only read the printed URL afterwards gets nothing: the token is spent and
 * the secret never left the browser.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export type TokenExchange = 'accepted' | 'reused' | 'wrong';

export class SessionAuth {
  /** Goes into the review URL; never logged by the server. */
  readonly urlToken = randomBytes(32).toString('hex');
  private readonly sessionSecret = randomBytes(32).toString('hex');
  private tokenSpent = false;
  /** Cookies are shared between ports of one host, so the name carries the port. */
  readonly cookieName: string;

  constructor(port: number, private readonly onTokenSpent: () => void = () => undefined) {
    this.cookieName = `redline_session_${port}`;
  }

  exchange(token: string): TokenExchange {
    if (!equalSecrets(token, this.urlToken)) return 'wrong';
    if (this.tokenSpent) return 'reused';
    this.tokenSpent = true;
    this.onTokenSpent();
    return 'accepted';
  }

  /** The Set-Cookie value that carries the session secret. */
  sessionCookie(): string {
    return `${this.cookieName}=${this.sessionSecret}; HttpOnly; SameSite=Strict; Path=/`;
  }

  hasSession(req: IncomingMessage): boolean {
    const value = readCookie(req.headers.cookie ?? '', this.cookieName);
    return value !== null && equalSecrets(value, this.sessionSecret);
  }
}

function readCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

function equalSecrets(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
