/**
 * Signing in to a running Redline review from Node, as the page does: the
 * printed link's single-use token is spent at POST /api/session for the
 * session secret, which every API call then carries in X-Redline-Session.
 * For the benches that drive the server's API directly (no browser).
 */
import { request } from 'node:http';

/** One HTTP call to 127.0.0.1; resolves { status, text } (the body as text). */
export function call(port, method, path, headers = {}, body, agent) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Spends the review link `url` (a URL object or string): `{ port, origin, auth }`, auth being the session header. `agent`: as for call. */
export async function signIn(url, agent) {
  const link = new URL(url);
  const port = Number(link.port);
  const grant = await call(port, 'POST', '/api/session', { origin: link.origin, 'x-redline-link': link.searchParams.get('token') }, undefined, agent);
  if (grant.status !== 200) throw new Error(`sign-in answered ${grant.status}: ${grant.text.slice(0, 200)}`);
  return { port, origin: link.origin, auth: { 'x-redline-session': JSON.parse(grant.text).session } };
}
