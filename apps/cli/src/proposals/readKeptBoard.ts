/**
 * The kept proposal board's JSON (keptBoard.ts), read once at the edge: it
 * is on disk, so it is untrusted like any input. One versioned document per
 * review, a list of records each with its `kind`:
 *
 *   { "format": "redline-board", "version": 1, "fingerprint": "<64 hex>",
 *     "records": [ { "kind": "proposal", "finding": {…}, "seen": "…",
 *                    "postedAt": "<ISO 8601>", "answer": {"kind": "…"},
 *                    "replies": ["…"] },
 *                  { "kind": "tour", "tour": {"title": "…", "steps": […]} },
 *                  { "kind": "question", "anchor": {…}, "text": "…", "quoted": "…"|null,
 *                    "askedAt": "<ISO 8601>", "answer": null|{"text", "answeredAt", "proposalId"} } ] }
 *
 * A finding and a tour are checked by the core's validators (as `redline
 * annotate`'s are), a reply as the reply route checks it (isReplyText), and
 * a proposal's id is worked out again (proposalId), never read; at most one
 * tour. A question is checked by the core's validators of the page's ask
 * and the agent's answer, and its id worked out again (questionId). Further
 * kinds of record are added as readers of RECORD_READERS without changing
 * the format; a kind
 * this redline has no reader for makes the file unreadable (it is kept
 * aside, never dropped).
 */
import { formatFieldProblems, proposalId, questionId, validateFindings, validateQuestionAsk, validateQuestionReply, validateTour, type FieldProblem, type Finding, type ProposalAnswer, type Question, type QuestionAnswer, type Tour } from '@redline/core';
import { RedlineError } from '../errors.js';
import { invalid, readObject, readOneOf, readString, type JsonObject } from '../validation/fields.js';
import { isReplyText, MAX_REPLY_CHARS, type BoardEntry, type KeptBoard } from './proposalBoard.js';

export const BOARD_FORMAT = 'redline-board';
export const BOARD_VERSION = 1;

/** ISO 8601 in UTC as `Date.toISOString` writes it (linear: no nested repetition). */
const ISO_TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;

/** Reads one record into the board being read (`into`), or throws naming its field. */
type BoardBeingRead = { entries: BoardEntry[]; tour: Tour | null; questions: Question[] };
type RecordReader = (record: JsonObject, field: string, into: BoardBeingRead) => void;

const RECORD_READERS = { proposal: readProposalRecord, tour: readTourRecord, question: readQuestionRecord } as const satisfies Record<string, RecordReader>;
type RecordKind = keyof typeof RECORD_READERS;
const RECORD_KINDS = Object.keys(RECORD_READERS) as RecordKind[];

/** The document a board is written as. */
export function boardDocument(fingerprint: string, { entries, tour, questions }: KeptBoard): string {
  const records: Record<string, unknown>[] = entries.map(({ proposal, answer, replies }) => ({ kind: 'proposal', finding: proposal.finding, seen: proposal.seen, postedAt: proposal.postedAt, answer, replies }));
  if (tour !== null) records.push({ kind: 'tour', tour });
  for (const { anchor, text, quoted, askedAt, answer } of questions) records.push({ kind: 'question', anchor, text, quoted, askedAt, answer });
  return `${JSON.stringify({ format: BOARD_FORMAT, version: BOARD_VERSION, fingerprint, records })}\n`;
}

/** The board kept for `fingerprint`; throws a RedlineError naming the first field that is wrong. */
export function readKeptBoard(value: unknown, fingerprint: string): KeptBoard {
  const top = readObject(value, 'board');
  if (top.format !== BOARD_FORMAT) throw invalid('board.format', JSON.stringify(BOARD_FORMAT), top.format);
  if (top.version !== BOARD_VERSION) {
    throw new RedlineError('bad-request', `board.version: a board of version ${JSON.stringify(top.version)}; this redline reads version ${BOARD_VERSION}`);
  }
  const kept = readString(top, 'fingerprint', 'board');
  if (kept !== fingerprint) throw new RedlineError('bad-request', `board.fingerprint: it holds the board of fingerprint ${kept.slice(0, 12)}…, not of its file name's`);
  if (!Array.isArray(top.records)) throw invalid('board.records', 'a list', top.records);
  const board: BoardBeingRead = { entries: [], tour: null, questions: [] };
  top.records.forEach((item: unknown, index) => {
    const field = `board.records[${index}]`;
    const record = readObject(item, field);
    RECORD_READERS[readOneOf(record, 'kind', field, RECORD_KINDS)](record, field, board);
  });
  return board;
}

function readTourRecord(record: JsonObject, field: string, into: { tour: Tour | null }): void {
  if (into.tour !== null) throw new RedlineError('bad-request', `${field}: a second tour; a review has one`);
  const result = validateTour(record.tour);
  if (!result.ok) throw fieldProblems(`${field}.tour`, result.problems);
  into.tour = result.tour;
}

function readProposalRecord(record: JsonObject, field: string, into: { entries: BoardEntry[] }): void {
  const finding = readFinding(record.finding, `${field}.finding`);
  const seen = readString(record, 'seen', field);
  // A suggestion is made against its original: that is what it saw (takeFindings).
  if (finding.suggestion !== null && seen !== finding.suggestion.original) throw invalid(`${field}.seen`, "the suggestion's original", seen);
  const postedAt = readString(record, 'postedAt', field);
  if (!ISO_TIME_RE.test(postedAt)) throw invalid(`${field}.postedAt`, 'an ISO 8601 time', postedAt);
  into.entries.push({ proposal: { id: proposalId(finding, seen), finding, seen, postedAt }, answer: readAnswer(record.answer, `${field}.answer`), replies: readReplies(record.replies, `${field}.replies`) });
}

function readFinding(value: unknown, field: string): Finding {
  const result = validateFindings([value]);
  if (!result.ok) throw fieldProblems(field, result.problems);
  return result.findings[0]!;
}

/** A core validator's problems, under the record's field. */
function fieldProblems(field: string, problems: FieldProblem[]): RedlineError {
  return new RedlineError('bad-request', `${field}: ${formatFieldProblems(problems)}`);
}

function readAnswer(value: unknown, field: string): ProposalAnswer {
  const answer = readObject(value, field);
  const kind = readOneOf(answer, 'kind', field, ['unanswered', 'accepted', 'edited', 'rejected'] as const);
  if (kind === 'accepted' || kind === 'edited') return { kind, annotationId: readString(answer, 'annotationId', field) };
  return { kind };
}

function readReplies(value: unknown, field: string): string[] {
  if (!Array.isArray(value)) throw invalid(field, 'a list of replies', value);
  return value.map((reply: unknown, index) => {
    if (typeof reply !== 'string' || !isReplyText(reply)) throw invalid(`${field}[${index}]`, `a reply of 1 to ${MAX_REPLY_CHARS} characters`, reply);
    return reply;
  });
}

function readQuestionRecord(record: JsonObject, field: string, into: { questions: Question[] }): void {
  const asked = validateQuestionAsk({ anchor: record.anchor, text: record.text });
  if (!asked.ok) throw fieldProblems(field, asked.problems);
  const askedAt = readTime(record.askedAt, `${field}.askedAt`);
  const quoted = record.quoted === null ? null : readString(record, 'quoted', field);
  if ((quoted !== null) !== (asked.ask.anchor.scope === 'lines')) throw invalid(`${field}.quoted`, asked.ask.anchor.scope === 'lines' ? "the lines' text" : 'null', record.quoted);
  const id = questionId(asked.ask, askedAt);
  if (into.questions.some((question) => question.id === id)) throw new RedlineError('bad-request', `${field}: the question ${id} a second time`);
  into.questions.push({ id, ...asked.ask, quoted, askedAt, pickedUpAt: null, answer: readQuestionAnswer(record.answer, id, `${field}.answer`) });
}

function readQuestionAnswer(value: unknown, id: string, field: string): QuestionAnswer | null {
  if (value === null) return null;
  const answer = readObject(value, field);
  const reply = validateQuestionReply({ id, text: answer.text });
  if (!reply.ok) throw fieldProblems(field, reply.problems);
  const proposal = answer.proposalId === null ? null : readString(answer, 'proposalId', field);
  if (proposal !== null && !/^[0-9a-f]{10}$/.test(proposal)) throw invalid(`${field}.proposalId`, "a proposal's id", proposal);
  return { text: reply.reply.text, answeredAt: readTime(answer.answeredAt, `${field}.answeredAt`), proposalId: proposal };
}

function readTime(value: unknown, field: string): string {
  if (typeof value !== 'string' || !ISO_TIME_RE.test(value)) throw invalid(field, 'an ISO 8601 time', value);
  return value;
}
