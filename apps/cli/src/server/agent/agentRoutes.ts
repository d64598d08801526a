/**
 * The agent's routes, behind its own credential. The order of checks for any
 * `/api/*` request, before the reviewer's routes are reached
 * (startReviewServer.ts calls routeAgentRequest first):
 *   - `/api/agent/*` needs this session's agent key in `X-Redline-Agent`
 *     (401 without it, whatever else the request carries: the reviewer's
 *     secret is not the agent's);
 *   - any other `/api/*` request that presents an agent header is refused
 *     with 403 and reaches no handler: the agent's credential grants only
 *     the agent's rights, and sending feedback, closing, saving the draft,
 *     signing in, setting a verdict or resolving stay the reviewer's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RedlineError } from '../../errors.js';
import type { ReviewSession } from '../../review/reviewSession.js';
import { sendApiError } from '../httpIo.js';
import type { LinkSpend } from '../link/linkSpender.js';
import { AGENT_API, AGENT_API_PREFIX } from './agentApi.js';
import { carriesAgentHeader, type AgentChannel } from './agentChannel.js';
import { getAgentStatus, getAgentWait, postAgentStop } from './agentHandlers.js';
import { postAgentProposals } from './postAgentProposals.js';
import { postAgentTour } from './postAgentTour.js';
import { postAgentAnswer } from './postAgentAnswer.js';
import type { AgentContext } from './agentContext.js';


type AgentHandler = (context: AgentContext) => Promise<void>;

const AGENT_ROUTES: ReadonlyMap<string, Partial<Record<'GET' | 'POST', AgentHandler>>> = new Map([
  [AGENT_API.status, { GET: getAgentStatus }],
  [AGENT_API.wait, { GET: getAgentWait }],
  [AGENT_API.stop, { POST: postAgentStop }],
  [AGENT_API.proposals, { POST: postAgentProposals }],
  [AGENT_API.tour, { POST: postAgentTour }],
  [AGENT_API.answer, { POST: postAgentAnswer }],
]);

export interface AgentScope {
  path: string;
  query: URLSearchParams;
  session: ReviewSession;
  /** Null for a server with no agent (tests of the page alone): every agent route is refused. */
  agent: AgentChannel | null;
  /** The first review link's spend (when and by what), null while none is spent. */
  linkSpend: () => Promise<LinkSpend> | null;
}

/** Answers the request if it is the agent's business (its routes, or its credential anywhere else); false otherwise. */
export async function routeAgentRequest(req: IncomingMessage, res: ServerResponse, scope: AgentScope): Promise<boolean> {
  const { path, agent } = scope;
  if (!path.startsWith(AGENT_API_PREFIX)) {
    if (!path.startsWith('/api/') || !carriesAgentHeader(req)) return false;
    sendApiError(req, res, new RedlineError('forbidden', "the agent's credential grants only the agent's routes; this is the reviewer's act"));
    return true;
  }
  if (!agent?.accepts(req)) {
    sendApiError(req, res, new RedlineError('unauthorized', "this route is the agent's: it needs the session's agent key (redline wait, status and stop send it)"));
    return true;
  }
  const handler = AGENT_ROUTES.get(path)?.[(req.method === 'HEAD' ? 'GET' : req.method) as 'GET' | 'POST'];
  if (!handler) {
    const code = AGENT_ROUTES.has(path) ? 'method-not-allowed' : 'not-found';
    sendApiError(req, res, new RedlineError(code, `${req.method ?? ''} ${path} is not an agent route`));
    return true;
  }
  try {
    await handler({ req, res, query: scope.query, session: scope.session, agent, linkSpend: scope.linkSpend });
  } catch (error) {
    sendApiError(req, res, error);
  }
  return true;
}
