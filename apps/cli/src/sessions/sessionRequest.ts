/**
 * One request to a session's server on 127.0.0.1 with a credential header
 * (the agent's key for the agent commands, the opener's key for
 * `redline open`), read from the session's 0600 files, never from argv.
 * A request that gets no answer within its time (a stopped or frozen
 * server) fails instead of hanging.
 *
 * Every request has a connection of its own (`agent: false`): the server
 * closes an idle kept-alive connection after 5 s (headerDeadline.ts), and a
 * request sent on one just as it closes fails with ECONNRESET, which would
 * read as a server gone (seen in 1 of the first 4 runs of the MCP loop, whose
 * calls come seconds apart; none in 6 runs since).
 */
import { request } from 'node:http';
import { RedlineError } from '../errors.js';

/** Beyond a long poll's own time: how long a server may take to answer at all. */
const ANSWER_GRACE_MS = 15_000;

export interface SessionCredential {
  port: number;
  header: string;
  key: string;
}

/** The body of an answer other than 200, kept as the cause of the client's error. */
export class ServerAnswer {
  constructor(readonly text: string) {}
}

export function requestSession<T>(credential: SessionCredential, method: 'GET' | 'POST', path: string, pollMs: number, body?: string): Promise<T> {
  const { port, header, key } = credential;
  const host = `127.0.0.1:${port}`;
  const headers: Record<string, string> = { host, [header]: key };
  if (body !== undefined) Object.assign(headers, { origin: `http://${host}`, 'content-type': 'application/json' });
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false, timeout: pollMs + ANSWER_GRACE_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode === 200) resolve(JSON.parse(text) as T);
        else reject(new RedlineError('session-gone', `the review server answered ${res.statusCode ?? '?'}: ${text.slice(0, 200)}`, { cause: new ServerAnswer(text) }));
      });
    });
    req.on('timeout', () => req.destroy(new Error('no answer in time')));
    req.on('error', reject);
    req.end(body);
  });
}
