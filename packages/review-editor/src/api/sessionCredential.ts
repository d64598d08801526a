/**
 * The session secret the page sends as `X-Redline-Session`. index.html's
 * first script spends the review link for it (POST /api/session) and keeps
 * it in this origin's localStorage, which no other port can read, overwrite
 * or shadow (apps/cli/src/server/link/sessionAuth.ts says why not a cookie), and
 * on `window.__redlineSession` for a browser whose storage is off.
 */
import { SESSION_STORAGE_KEY } from '@redline/core';

/** What index.html's first script leaves for the app. */
interface EarlySession {
  /** Settles once the link (if any) has been exchanged. */
  ready: Promise<unknown>;
  /** The secret when localStorage could not hold it. */
  secret: string | null;
}

/** The secret, once the page's sign-in has settled; null when this browser has none. */
export async function sessionSecret(): Promise<string | null> {
  const early = (globalThis as { __redlineSession?: EarlySession }).__redlineSession;
  if (early) await early.ready;
  return readStoredSecret() ?? early?.secret ?? null;
}

function readStoredSecret(): string | null {
  try {
    return globalThis.localStorage?.getItem(SESSION_STORAGE_KEY) ?? null;
  } catch {
    return null; // storage disabled: the head script kept it in memory
  }
}
