/**
 * How the agent commands reach a session's server: on its agent routes, with
 * the session's agent key in `X-Redline-Agent` (sessions/sessionRequest.ts).
 */
import { isErrorCode, RedlineError } from '../errors.js';
import { AGENT_API, AGENT_HEADER, type AgentStatusAnswer, type AgentWaitAnswer, type AnswerPosted, type ProposalsPosted } from '../server/agent/agentApi.js';
import { requestSession, ServerAnswer } from '../sessions/sessionRequest.js';

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

  postTour(body: string): Promise<{ ok: true; steps: number }> {
    return this.call<{ ok: true; steps: number }>('POST', AGENT_API.tour, 0, body).catch(rethrowRefusal);
  }

  /** The agent's answer to the reviewer's question (already validated here); a refusal keeps the server's code and words. */
  postAnswer(body: string): Promise<AnswerPosted> {
    return this.call<AnswerPosted>('POST', AGENT_API.answer, 0, body).catch(rethrowRefusal);
  }

  private call<T>(method: 'GET' | 'POST', path: string, pollMs: number, body?: string): Promise<T> {
    return requestSession<T>({ port: this.port, header: AGENT_HEADER, key: this.key }, method, path, pollMs, body);
  }
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
