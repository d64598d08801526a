/**
 * The page's question (`{ anchor, text }`) and the agent's answer (`{ id,
 * text, suggestion? }`), read from `unknown` once, at the edge: every
 * problem names its field (`anchor.lines.end: …`, `text: …`), and any
 * problem refuses the whole body.
 */
import { FieldReader, type FieldProblem } from '../export/fieldReader.js';
import type { Side } from '../model/types.js';
import { readLines, readPath } from '../proposals/validateFindings.js';
import { findUnsafeChars, formatCodePoint } from '../safety/textSafety.js';
import { MAX_QUESTION_CHARS, QUESTION_SCOPES, type AnswerSuggestion, type QuestionAnchor, type QuestionAsk, type QuestionReply, type QuestionScope } from './questionTypes.js';

export type QuestionAskResult = { ok: true; ask: QuestionAsk } | { ok: false; problems: FieldProblem[] };
export type QuestionReplyResult = { ok: true; reply: QuestionReply } | { ok: false; problems: FieldProblem[] };

const SIDES: readonly Side[] = ['old', 'new'];
const ASK_FIELDS = ['anchor', 'text'];
const REPLY_FIELDS = ['id', 'text', 'suggestion'];
const SUGGESTION_FIELDS = ['path', 'lines', 'original', 'replacement'];
const ANCHOR_FIELDS: Record<QuestionAnchor['scope'], string[]> = {
  review: ['scope'],
  file: ['scope', 'path'],
  lines: ['scope', 'path', 'side', 'lines'],
  proposal: ['scope', 'proposalId'],
};
/** A question's or proposal's id: what questionId and proposalId make. */
const ID_RE = /^[0-9a-f]{10}$/;

export function validateQuestionAsk(value: unknown): QuestionAskResult {
  const reader = new FieldReader();
  const obj = readFields(reader, value, '', ASK_FIELDS);
  const anchor = obj && readAnchor(reader, obj.anchor, 'anchor');
  const text = obj && readWords(reader, obj, 'text', 'text');
  if (anchor === undefined || text === undefined || reader.problems.length > 0) return { ok: false, problems: reader.problems };
  return { ok: true, ask: { anchor, text } };
}

export function validateQuestionReply(value: unknown): QuestionReplyResult {
  const reader = new FieldReader();
  const obj = readFields(reader, value, '', REPLY_FIELDS);
  const id = obj && readId(reader, obj.id, 'id');
  const text = obj && readWords(reader, obj, 'text', 'text');
  const suggestion = obj && (obj.suggestion === undefined || obj.suggestion === null ? null : readSuggestion(reader, obj.suggestion, 'suggestion'));
  if (id === undefined || text === undefined || suggestion === undefined || reader.problems.length > 0) return { ok: false, problems: reader.problems };
  return { ok: true, reply: { id, text, suggestion } };
}

/** The object at `field`, refused with the first key it should not have. */
function readFields(reader: FieldReader, value: unknown, field: string, allowed: readonly string[]): Record<string, unknown> | undefined {
  const obj = reader.object(value, field === '' ? 'body' : field);
  if (!obj) return undefined;
  const unknownKey = Object.keys(obj).find((key) => !allowed.includes(key));
  if (unknownKey !== undefined) return reader.fail(field === '' ? unknownKey : `${field}.${unknownKey}`, `unknown field (expected ${allowed.join(', ')})`);
  return obj;
}

function readAnchor(reader: FieldReader, value: unknown, field: string): QuestionAnchor | undefined {
  const scoped = reader.object<{ scope: QuestionScope }>(value, field);
  if (!scoped) return undefined;
  const scope = reader.oneOf(scoped, 'scope', `${field}.scope`, QUESTION_SCOPES);
  if (scope === undefined) return undefined;
  const obj = readFields(reader, value, field, ANCHOR_FIELDS[scope]);
  if (!obj) return undefined;
  switch (scope) {
    case 'review':
      return { scope };
    case 'file': {
      const path = readPath(reader, obj.path, `${field}.path`);
      return path === undefined ? undefined : { scope, path };
    }
    case 'lines': {
      const path = readPath(reader, obj.path, `${field}.path`);
      const side = reader.oneOf(obj, 'side', `${field}.side`, SIDES);
      const lines = readLines(reader, obj.lines, `${field}.lines`);
      return path === undefined || side === undefined || lines === undefined ? undefined : { scope, path, side, lines };
    }
    case 'proposal': {
      const proposalId = readId(reader, obj.proposalId, `${field}.proposalId`);
      return proposalId === undefined ? undefined : { scope, proposalId };
    }
  }
}

function readId(reader: FieldReader, value: unknown, field: string): string | undefined {
  if (typeof value === 'string' && ID_RE.test(value)) return value;
  return reader.fail(field, 'expected an id: ten lowercase hex digits');
}

/** Words of 1 to MAX_QUESTION_CHARS characters, no control character but a line break or a tab. */
function readWords(reader: FieldReader, obj: Record<string, unknown>, key: string, field: string): string | undefined {
  const text = reader.string(obj, key, field);
  if (text === undefined) return undefined;
  if (text.trim() === '') return reader.fail(field, 'expected words');
  if (text.length > MAX_QUESTION_CHARS) return reader.fail(field, `${text.length} characters; at most ${MAX_QUESTION_CHARS}`);
  const control = findUnsafeChars(text, { carriageReturns: true, atFileStart: false }).find((found) => found.kind === 'control');
  if (control) return reader.fail(field, `holds a control character (${formatCodePoint(control.codePoint)}) at line ${control.line}, column ${control.column}; only line breaks and tabs`);
  return text;
}

function readSuggestion(reader: FieldReader, value: unknown, field: string): AnswerSuggestion | undefined {
  const obj = readFields(reader, value, field, SUGGESTION_FIELDS);
  if (!obj) return undefined;
  const path = readPath(reader, obj.path, `${field}.path`);
  const lines = readLines(reader, obj.lines, `${field}.lines`);
  const original = reader.string(obj, 'original', `${field}.original`);
  const replacement = reader.string(obj, 'replacement', `${field}.replacement`);
  if (path === undefined || lines === undefined || original === undefined || replacement === undefined) return undefined;
  return { path, lines, original, replacement };
}
