/** What an agent route's handler gets: the request, the session, the agent's channel and the link's spend (agentRoutes.ts). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReviewSession } from '../../review/reviewSession.js';
import type { LinkSpend } from '../link/linkSpender.js';
import type { AgentChannel } from './agentChannel.js';

export interface AgentContext {
  req: IncomingMessage;
  res: ServerResponse;
  query: URLSearchParams;
  session: ReviewSession;
  agent: AgentChannel;
  /** The first review link's spend (when and by what), null while none is spent. */
  linkSpend: () => Promise<LinkSpend> | null;
}
