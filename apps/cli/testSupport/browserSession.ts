/** Acts as the browser: exchanges the printed review URL for the session cookie, then calls the API as the page does. */
import { httpCall, type HttpAnswer } from './httpClient.js';

export interface PageSession {
  port: number;
  origin: string;
  cookie: string;
  get(path: string): Promise<HttpAnswer>;
  post(path: string, body: unknown): Promise<HttpAnswer>;
}

export async function signInAsPage(reviewUrl: string): Promise<PageSession> {
  const url = new URL(reviewUrl);
  const port = Number(url.port);
  const answer = await httpCall({ port, path: url.pathname + url.search });
  if (answer.status !== 200) throw new Error(`sign-in failed with ${answer.status}`);
  const cookie = (answer.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
  const origin = url.origin;
  return {
    port,
    origin,
    cookie,
    get: (path) => httpCall({ port, path, headers: { cookie } }),
    post: (path, body) =>
      httpCall({ port, method: 'POST', path, headers: { cookie, origin, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  };
}
