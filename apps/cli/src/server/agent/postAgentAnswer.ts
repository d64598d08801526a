/**
 * POST /api/agent/answer: the agent's answer to the reviewer's question,
 * posted by `redline answer` (or the MCP tool answer_question, which runs
 * it). Refused by id when the question is unknown or already answered, with
 * the field when malformed, over the size limit or holding a control
 * character, and by name when a suggestion is not on lines of the diff.
 */
import { MAX_FINDINGS_BYTES } from '@redline/core';
import { RedlineError } from '../../errors.js';
import { answerQuestion } from '../../questions/answerQuestion.js';
import { readQuestionReply } from '../../questions/readQuestions.js';
import { readJsonBody, sendJson } from '../httpIo.js';
import type { AnswerPosted } from './agentApi.js';
import type { AgentContext } from './agentContext.js';

export async function postAgentAnswer({ req, res, session }: AgentContext): Promise<void> {
  if (session.isEnded) throw new RedlineError('already-ended', 'this review has ended; nothing was answered');
  const reply = readQuestionReply(await readJsonBody(req, MAX_FINDINGS_BYTES));
  const { proposalId } = await answerQuestion(session, reply);
  const answer: AnswerPosted = { ok: true, proposalId };
  sendJson(req, res, 200, answer);
}
