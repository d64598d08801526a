/** The agent routes' handlers: how the review stands, a long poll for its end, and stop. */
import { RedlineError } from '../../errors.js';
import { readObject } from '../../validation/fields.js';
import { readJsonBody, sendJson } from '../httpIo.js';
import { AGENT_WAIT_MAX_MS, type AgentStatusAnswer, type AgentWaitAnswer } from './agentApi.js';
import type { AgentContext } from './agentContext.js';

export async function getAgentStatus({ req, res, session, agent, linkSpend }: AgentContext): Promise<void> {
  const data = await session.loadRecentReview(false, 10_000);
  const ending = agent.ending;
  const answer: AgentStatusAnswer = {
    state: ending?.state ?? 'open',
    linkOpened: await (linkSpend() ?? null),
    files: data.files.length,
    additions: data.files.reduce((sum, file) => sum + file.additions, 0),
    deletions: data.files.reduce((sum, file) => sum + file.deletions, 0),
    annotations: ending?.state === 'sent' ? ending.annotations : null,
  };
  sendJson(req, res, 200, answer);
}

/**
 * Answers as soon as the review's end is recorded, the reviewer asks a
 * question no wait has returned, or after `timeout` ms, whichever comes
 * first. Questions are marked picked up only by a wait that can still
 * answer: one whose client has gone leaves them for the next.
 */
export async function getAgentWait({ req, res, query, agent, session }: AgentContext): Promise<void> {
  const timeout = readTimeout(query);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeout)));
  const gone = new Promise<null>((resolve) => res.once('close', () => resolve(null)));
  res.once('close', () => clearTimeout(timer));
  const asked = session.questions.nextQuestion().then(() => null);
  const ending = agent.ending ?? (session.questions.hasWaiting ? null : await Promise.race([agent.ended, timedOut, gone, asked]));
  clearTimeout(timer);
  if (res.destroyed || req.socket.destroyed) return;
  const questions = ending === null ? session.questions.pickUp() : [];
  const answer: AgentWaitAnswer = questions.length > 0 ? { state: 'question', questions } : { state: ending?.state ?? 'open' };
  sendJson(req, res, 200, answer);
}

export async function postAgentStop({ req, res, agent }: AgentContext): Promise<void> {
  readObject(await readJsonBody(req), 'body');
  res.once('close', () => agent.requestStop());
  sendJson(req, res, 200, { ok: true });
}

function readTimeout(query: URLSearchParams): number {
  const values = query.getAll('timeout');
  const value = values[0] ?? '';
  if (values.length !== 1 || !/^\d{1,6}$/.test(value) || Number(value) > AGENT_WAIT_MAX_MS) {
    throw new RedlineError('bad-request', `query parameter 'timeout' must be a whole number of milliseconds from 0 to ${AGENT_WAIT_MAX_MS}`);
  }
  return Number(value);
}
