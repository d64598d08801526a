/**
 * The reviewer's question, taken by the server: its file must be one of the
 * diff (refused by name), its lines there on their side (their text becomes
 * the question's `quoted`), the proposal it is on one of the review's.
 */
import { questionId, type Question, type QuestionAsk } from '@redline/core';
import { RedlineError } from '../errors.js';
import type { ReviewSession } from '../review/reviewSession.js';
import { readFindingLines, readNowFor } from '../proposals/proposalLines.js';

export async function askQuestion(session: ReviewSession, ask: QuestionAsk, askedAt = new Date().toISOString()): Promise<Question> {
  const { anchor } = ask;
  let quoted: string | null = null;
  if (anchor.scope === 'file' || anchor.scope === 'lines') {
    const data = await session.loadReview();
    if (!data.files.some((file) => file.path === anchor.path)) throw new RedlineError('not-in-diff', `anchor.path: ${JSON.stringify(anchor.path)} is not a file of this review's diff; nothing was asked`);
  }
  if (anchor.scope === 'lines') {
    quoted = await readFindingLines(session, anchor);
    if (quoted === null) throw new RedlineError('bad-request', `anchor.lines: ${anchor.path} has no lines ${anchor.lines.start}-${anchor.lines.end} on the ${anchor.side} side; nothing was asked`);
  }
  if (anchor.scope === 'proposal') {
    const states = await session.proposals.states(readNowFor(session));
    if (!states.some((state) => state.proposal.id === anchor.proposalId)) throw new RedlineError('not-found', `anchor.proposalId: no proposal ${JSON.stringify(anchor.proposalId)} in this review; nothing was asked`);
  }
  const question: Question = { id: questionId(ask, askedAt), anchor, text: ask.text, quoted, askedAt, pickedUpAt: null, answer: null };
  session.questions.ask(question);
  await session.proposals.keepQuestions();
  return question;
}
