/**
 * POST /api/feedback: the reviewer's verdict, from the page. Answers the page
 * with the rendered export first; the CLI learns of it once that answer is
 * out, then prints it and exits.
 */
import { validateFeedbackSubmission } from '../../feedback/validateFeedbackSubmission.js';
import { readNowFor } from '../../proposals/proposalLines.js';
import { readJsonBody, sendJson } from '../httpIo.js';
import type { ApiContext } from './apiContext.js';

export async function postFeedback({ req, res, session, checks }: ApiContext): Promise<void> {
  const submission = validateFeedbackSubmission(await readJsonBody(req));
  // The agent's proposals go into the export with the reviewer's answers.
  const proposals = await session.proposals.states(readNowFor(session));
  // The last check goes in when it ran with exactly the suggestions sent (the core's rule).
  const { result, finish } = session.submitFeedback(submission, proposals, checks.lastChecked());
  res.once('close', finish);
  sendJson(req, res, 200, result);
}
