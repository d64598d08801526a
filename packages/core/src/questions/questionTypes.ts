/**
 * Questions the reviewer asks the agent while reviewing, and the agent's
 * answers (docs/cli.md, "redline wait" and "redline answer"). Asking is the
 * reviewer's act, in the page; answering is the agent's only act on them,
 * and its one new act of all (the review-state seed's boundary): the agent
 * never asks in the reviewer's name, and the reviewer never answers for it.
 */
import type { Side } from '../model/types.js';
import type { FindingLines } from '../proposals/proposalTypes.js';

/** What a question is about: the whole review, a file, lines of a file, or one of the agent's proposals. */
export type QuestionAnchor =
  | { scope: 'review' }
  | { scope: 'file'; path: string }
  | { scope: 'lines'; path: string; side: Side; lines: FindingLines }
  | { scope: 'proposal'; proposalId: string };

export type QuestionScope = QuestionAnchor['scope'];

export const QUESTION_SCOPES: readonly QuestionScope[] = ['review', 'file', 'lines', 'proposal'];

/** The agent's answer. `proposalId` names the proposal its suggested replacement became, if it gave one. */
export interface QuestionAnswer {
  text: string;
  /** ISO 8601. */
  answeredAt: string;
  proposalId: string | null;
}

export interface Question {
  /** questionId(): the first ten hex digits of sha256 over its fields joined by U+001F. */
  id: string;
  anchor: QuestionAnchor;
  /** The reviewer's words (markdown). */
  text: string;
  /** The lines' text (LF-joined) when asked, for a question on lines; null otherwise. */
  quoted: string | null;
  /** ISO 8601. */
  askedAt: string;
  /** When an agent's wait returned it (ISO 8601); null while no wait has. */
  pickedUpAt: string | null;
  answer: QuestionAnswer | null;
}

/** What the page posts to ask (POST /api/questions). */
export interface QuestionAsk {
  anchor: QuestionAnchor;
  text: string;
}

/** A replacement the agent suggests with its answer: new-side lines of a file of the diff. */
export interface AnswerSuggestion {
  path: string;
  lines: FindingLines;
  original: string;
  replacement: string;
}

/** What the agent posts to answer (POST /api/agent/answer, `redline answer`). */
export interface QuestionReply {
  id: string;
  text: string;
  suggestion: AnswerSuggestion | null;
}

/**
 * Whether the page may ask now: only while an agent can read the question,
 * that is in a review `redline start` opened. Under plain `redline` the
 * agent's call blocks until the feedback, so nobody would read it.
 */
export type QuestionAsking = { kind: 'live' } | { kind: 'unavailable'; why: string };

/** A question's or an answer's words: at most this many characters (a paragraph or a few, not a file). */
export const MAX_QUESTION_CHARS = 20_000;
