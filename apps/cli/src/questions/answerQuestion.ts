/**
 * The agent's answer, taken by the server: the question must be one of the
 * review's and unanswered (refused by id), and a suggested replacement must
 * be on new-side lines of a file of the diff. The suggestion becomes an agent
 * proposal on the board, which the reviewer accepts or rejects like any
 * other; the answer names it.
 */
import type { Finding, QuestionReply } from '@redline/core';
import { RedlineError } from '../errors.js';
import type { ReviewSession } from '../review/reviewSession.js';
import { readFindingLines } from '../proposals/proposalLines.js';
import { takeFindings } from '../proposals/takeFindings.js';

export async function answerQuestion(session: ReviewSession, reply: QuestionReply, answeredAt = new Date().toISOString()): Promise<{ proposalId: string | null }> {
  session.questions.answerable(reply.id);
  let proposalId: string | null = null;
  if (reply.suggestion !== null) {
    const { path, lines, original, replacement } = reply.suggestion;
    const finding: Finding = { kind: 'finding', path, side: 'new', lines, text: reply.text, suggestion: { original, replacement } };
    const data = await session.loadReview();
    if (!data.files.some((file) => file.path === path)) throw new RedlineError('not-in-diff', `suggestion.path: ${JSON.stringify(path)} is not a file of this review's diff; nothing was answered`);
    if ((await readFindingLines(session, finding)) === null) {
      throw new RedlineError('bad-request', `suggestion.lines: ${path} has no lines ${lines.start}-${lines.end} on the new side; nothing was answered`);
    }
    const [proposal] = await takeFindings(session, [finding]);
    // Checked again after the reading: another answer may have come in meanwhile.
    session.questions.answerable(reply.id);
    await session.proposals.add([proposal!]);
    proposalId = proposal!.id;
  }
  session.questions.answer(reply.id, { text: reply.text, answeredAt, proposalId });
  await session.proposals.keepQuestions();
  return { proposalId };
}
