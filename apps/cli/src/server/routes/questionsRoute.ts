/**
 * POST /api/questions: the reviewer asks the agent (a line or lines, a
 * file, a proposal or the whole review). Behind the reviewer's credential
 * like every route of the table; a request with the agent's credential
 * never gets here (403, agentRoutes.ts): asking is the reviewer's act. The
 * questions and their answers reach the page in GET /api/proposals.
 */
import { RedlineError } from '../../errors.js';
import { askQuestion } from '../../questions/askQuestion.js';
import { readQuestionAsk } from '../../questions/readQuestions.js';
import { readJsonBody, sendJson } from '../httpIo.js';
import type { ApiContext } from './apiContext.js';

export async function postQuestion({ req, res, session }: ApiContext): Promise<void> {
  if (session.isEnded) throw new RedlineError('already-ended', 'this review has ended');
  const ask = readQuestionAsk(await readJsonBody(req));
  // Refused before anything is read: under plain `redline` nobody would read it.
  session.questions.assertAsking();
  const question = await askQuestion(session, ask);
  sendJson(req, res, 200, { id: question.id });
}
