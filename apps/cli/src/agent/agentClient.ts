/**
 * How the agent commands reach a session's server: on its agent routes, with
 * the session's agent key in `X-Redline-Agent` (read from the session's 0600
 * file, never from argv). A request that gets no answer within its time
 * (a stopped or frozen server) fails instead of hanging.
 *
 * Every request has a connection of its own (`agent: false`): the server
 * closes an idle kept-alive connection after 5 s (headerDeadline.ts), and a
 * request sent on one just as it closes fails with ECONNRESET, which would
 * read as a server gone (seen in 1 of the first 4 runs of the MCP loop, whose
 * calls come seconds apart; none in 6 runs since).
 */
import { request } from 'node:http';
import { isErrorCode, RedlineError } from '../errors.js';
import { AGENT_API, AGENT_HEADER, type AgentStatusAnswer, type AgentWaitAnswer } from '../server/agent/agentApi.js';
import type { ProposalsPosted } from '../proposals/postAgentProposals.js';

/** Beyond a long poll's own time: how long a server may take to answer at all. */
const ANSWER_GRACE_MS = 15_000;

export class AgentClient {
  constructor(
    private readonly port: number,
    private readonly key: string,
  ) {}

  status(): Promise<AgentStatusAnswer> {
    return this.call<AgentStatusAnswer>('GET', AGENT_API.status, 0);
  }

  wait(timeoutMs: number): Promise<AgentWaitAnswer> {
    return this.call<AgentWaitAnswer>('GET', `${AGENT_API.wait}?timeout=${timeoutMs}`, timeoutMs);
  }

  async stop(): Promise<void> {
    await this.call('POST', AGENT_API.stop, 0, '{}');
  }

  /** Findings (already validated here) to the session's proposals; a refusal keeps the server's code and words. */
  postProposals(body: string): Promise<ProposalsPosted> {
    return this.call<ProposalsPosted>('POST', AGENT_API.proposals, 0, body).catch(rethrowRefusal);
  }

  private call<T>(method: 'GET' | 'POST', path: string, pollMs: number, body?: string): Promise<T> {
    const host = `127.0.0.1:${this.port}`;
    const headers: Record<string, string> = { host, [AGENT_HEADER]: this.key };
    if (body !== undefined) Object.assign(headers, { origin: `http://${host}`, 'content-type': 'application/json' });
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: this.port, method, path, headers, agent: false, timeout: pollMs + ANSWER_GRACE_MS }, (res) => {
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
}

/** The body of an answer other than 200, kept as the cause of the client's error. */
class ServerAnswer {
  constructor(readonly text: string) {}
}

/**
 * A refusal of the agent's act (malformed, outside the diff, too large) is
 * the server's `{ error: { code, message } }`: rethrown with that code (so the
 * exit status is the one the code has in errors.ts) and message.
 */
function rethrowRefusal(error: unknown): never {
  const answer = error instanceof RedlineError && error.cause instanceof ServerAnswer ? error.cause.text : null;
  const refusal = answer === null ? null : readApiError(answer);
  throw refusal ?? error;
}

function readApiError(text: string): RedlineError | null {
  try {
    const { error } = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (typeof error?.code === 'string' && typeof error.message === 'string' && isErrorCode(error.code)) return new RedlineError(error.code, error.message);
  } catch {
    // not an API error: the client's own error stands
  }
  return null;
}
