/** The page's question and the agent's answer, validated once, for the server's routes and `redline answer` alike. */
import { formatFieldProblems, validateQuestionAsk, validateQuestionReply, type QuestionAsk, type QuestionReply } from '@redline/core';
import { RedlineError } from '../errors.js';

export function readQuestionAsk(value: unknown): QuestionAsk {
  const result = validateQuestionAsk(value);
  if (result.ok) return result.ask;
  throw new RedlineError('bad-request', `${formatFieldProblems(result.problems) || 'invalid question'}; nothing was asked`);
}

export function readQuestionReply(value: unknown): QuestionReply {
  const result = validateQuestionReply(value);
  if (result.ok) return result.reply;
  throw new RedlineError('bad-input', `${formatFieldProblems(result.problems) || 'invalid answer'}; nothing was answered`);
}
