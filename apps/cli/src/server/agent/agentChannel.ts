/**
 * What the server knows of the agent of one session: the agent's credential
 * (a random secret the owner writes to the session's 0600 `agent-key` file,
 * and sends in no argv and no output), how the review ended once the owner
 * has recorded it, and the agent's request to stop.
 */
import type { IncomingMessage } from 'node:http';
import { HeaderKey } from '../link/headerKey.js';
import { AGENT_HEADER, type AgentEnding } from './agentApi.js';

export class AgentChannel {
  private readonly credential = new HeaderKey(AGENT_HEADER);
  readonly key = this.credential.value;
  readonly ended: Promise<AgentEnding>;
  readonly stopRequested: Promise<void>;
  private current: AgentEnding | null = null;
  private onEnded!: (ending: AgentEnding) => void;
  private onStop!: () => void;

  constructor() {
    this.ended = new Promise((resolve) => (this.onEnded = resolve));
    this.stopRequested = new Promise((resolve) => (this.onStop = resolve));
  }

  /** How the review ended, once recorded (so a `wait` told 'sent' finds the feedback on disk); null while open. */
  get ending(): AgentEnding | null {
    return this.current;
  }

  settle(ending: AgentEnding): void {
    this.current ??= ending;
    this.onEnded(this.current);
  }

  requestStop(): void {
    this.onStop();
  }

  /** The request carries this session's agent key in exactly one `X-Redline-Agent` header. */
  accepts(req: IncomingMessage): boolean {
    return this.credential.accepts(req);
  }
}

/** Whether a request presents an agent credential at all (right or wrong): such a request is never the reviewer's. */
export function carriesAgentHeader(req: IncomingMessage): boolean {
  return req.headers[AGENT_HEADER] !== undefined;
}
