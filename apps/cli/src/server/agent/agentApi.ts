/**
 * The agent's side of the server: its own header and its own routes, shared
 * by the server (agentRoutes.ts) and the agent commands' client
 * (agent/agentClient.ts). The page never uses them, so they live here and
 * not in the core's API contract.
 *
 * The agent's rights are to read how the review stands, wait for its end and
 * stop its own session, post findings (`POST /api/agent/proposals`, shown in
 * the page as proposals for the reviewer to take or leave) and answer a
 * thread (`redline reply`, written to the series' agent acts), and answer
 * the reviewer's questions (`redline answer`; its wait returns them). None of
 * them resolves, accepts, edits or sets a verdict: those stay the reviewer's.
 */
import type { Question } from '@redline/core';
import type { LinkSpend } from '../link/linkSpender.js';

export const AGENT_HEADER = 'x-redline-agent';

export const AGENT_API_PREFIX = '/api/agent/';

export const AGENT_API = {
  /** GET -> AgentStatusAnswer */
  status: '/api/agent/status',
  /** GET ?timeout=MS (0 to AGENT_WAIT_MAX_MS) -> AgentWaitAnswer, as soon as the review ends, the reviewer asks, or the time is up. */
  wait: '/api/agent/wait',
  /** POST {} -> { ok: true }; the server then stops (the reviewer's draft is kept). */
  stop: '/api/agent/stop',
  /** POST findings (docs/cli.md, "redline annotate") -> ProposalsPosted: shown in the page as proposals. */
  proposals: '/api/agent/proposals',
  /** POST { tour } (docs/cli.md, "redline annotate") -> { ok: true, steps }: the agent's tour, replacing any earlier one. */
  tour: '/api/agent/tour',
  /** POST QuestionReply (docs/cli.md, "redline answer") -> AnswerPosted: the agent's answer to the reviewer's question. */
  answer: '/api/agent/answer',
} as const;

/** One long poll at most this long (well inside the server's 60 s requestTimeout): a client that waits longer asks again. */
export const AGENT_WAIT_MAX_MS = 30_000;

export type AgentReviewState = 'open' | 'sent' | 'closed';

export interface AnnotationCounts {
  comments: number;
  suggestions: number;
}

export type AgentEnding = { state: 'sent'; annotations: AnnotationCounts } | { state: 'closed' };

export interface AgentStatusAnswer {
  state: AgentReviewState;
  /** When the first review link was opened (its single-use token spent) and by what; null while none was. Never a token. */
  linkOpened: LinkSpend | null;
  files: number;
  additions: number;
  deletions: number;
  /** Once the feedback is sent: how many comments and suggestions it holds. */
  annotations: AnnotationCounts | null;
}

/** POST /api/agent/proposals's answer. */
export interface ProposalsPosted {
  /** Ids of the proposals this post added, then of those the review already had. */
  added: string[];
  known: string[];
}

/** How the review stands, or the reviewer's questions no wait has returned yet (this answer marks them picked up). */
export type AgentWaitAnswer = { state: AgentReviewState } | { state: 'question'; questions: Question[] };

/** POST /api/agent/answer's answer: the proposal the answer's suggestion became, if it had one. */
export interface AnswerPosted {
  ok: true;
  proposalId: string | null;
}
