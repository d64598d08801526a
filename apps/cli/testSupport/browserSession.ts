/** Acts as the page: opens the printed review link, spends its token for the session secret, then calls the API as the page does. */
import { API, LINK_HEADER, SESSION_HEADER } from '@redline/core';
import { httpCall, type HttpAnswer } from './httpClient.js';

export interface PageSession {
  port: number;
  origin: string;
  /** The session header, ready to spread into a request's headers. */
  auth: Record<string, string>;
  get(path: string): Promise<HttpAnswer>;
  post(path: string, body: unknown): Promise<HttpAnswer>;
}

/** Opens the link as the browser does, then spends it as the page's first script does: the session header. */
export async function signIn(reviewUrl: string): Promise<Record<string, string>> {
  const url = new URL(reviewUrl);
  const port = Number(url.port);
  const page = await httpCall({ port, path: url.pathname + url.search });
  if (page.status !== 200) throw new Error(`the review link answered ${page.status}`);
  const grant = await httpCall({
    port,
    method: 'POST',
    path: API.session,
    headers: { origin: url.origin, [LINK_HEADER]: url.searchParams.get('token') ?? '' },
  });
  if (grant.status !== 200) throw new Error(`sign-in failed with ${grant.status}`);
  return { [SESSION_HEADER]: grant.json<{ session: string }>().session };
}

export async function signInAsPage(reviewUrl: string): Promise<PageSession> {
  const url = new URL(reviewUrl);
  const port = Number(url.port);
  const auth = await signIn(reviewUrl);
  const origin = url.origin;
  return {
    port,
    origin,
    auth,
    get: (path) => httpCall({ port, path, headers: auth }),
    post: (path, body) =>
      httpCall({ port, method: 'POST', path, headers: { ...auth, origin, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  };
}
