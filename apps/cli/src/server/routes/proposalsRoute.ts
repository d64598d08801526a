/**
 * The reviewer's routes of the proposals: GET /api/proposals (the
 * page polls it with its freshness check) and POST /api/proposals/answer
 * (Accept, Edit, Reject, Reply). Behind the reviewer's credential like every
 * route of the table; a request with the agent's credential never gets here
 * (403, agentRoutes.ts): answering a proposal is the reviewer's act.
 */
import type { ProposalActBody, ProposalsData } from '@redline/core';
import { RedlineError } from '../../errors.js';
import { readJsonBody, sendJson } from '../httpIo.js';
import type { ApiContext } from './apiContext.js';
import { readObject, readOneOf, readString } from '../../validation/fields.js';
import { readNowFor } from '../../proposals/proposalLines.js';
import { isReplyText, MAX_REPLY_CHARS } from '../../proposals/proposalBoard.js';

export async function getProposals({ req, res, session }: ApiContext): Promise<void> {
  const answer: ProposalsData = {
    proposals: await session.proposals.states(readNowFor(session)),
    tour: await session.proposals.tour(),
    questions: session.questions.list(),
    asking: session.questions.asking,
  };
  sendJson(req, res, 200, answer);
}

export async function postProposalAnswer({ req, res, session }: ApiContext): Promise<void> {
  if (session.isEnded) throw new RedlineError('already-ended', 'this review has ended');
  await session.proposals.answer(readProposalAct(await readJsonBody(req)), readNowFor(session));
  sendJson(req, res, 200, { ok: true });
}

function readProposalAct(value: unknown): ProposalActBody {
  const body = readObject(value, 'body');
  const act = readOneOf(body, 'act', 'body', ['accept', 'edit', 'reject', 'reply'] as const);
  const id = readString(body, 'id', 'body');
  switch (act) {
    case 'accept':
    case 'edit':
      return { act, id, annotationId: readString(body, 'annotationId', 'body') };
    case 'reject':
      return { act, id };
    case 'reply': {
      const text = readString(body, 'text', 'body');
      if (!isReplyText(text)) throw new RedlineError('bad-request', `text: expected a reply of 1 to ${MAX_REPLY_CHARS} characters`);
      return { act, id, text };
    }
  }
}
