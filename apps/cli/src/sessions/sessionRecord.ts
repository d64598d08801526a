/**
 * What `.git/redline/sessions/<id>/session.json` holds about one review
 * session: who serves it (pid, port), for which repository, and how far it
 * got. Never a token or a secret: the agent's key is a file of its own, and
 * the review link's token never leaves the server's memory (and the stderr it
 * was printed on).
 */
import type { ReviewedState } from '../check/reviewedState.js';
import { invalid, readObject, readOneOf, readString, type JsonObject } from '../validation/fields.js';

/** `foreground`: plain `redline`, which prints the feedback itself; `detached`: `redline start`, collected with `redline wait`. */
export type SessionMode = 'foreground' | 'detached';

export type SessionEnding = { state: 'open' } | { state: 'sent'; copy: string | null } | { state: 'closed' };

export type SessionState = SessionEnding['state'];

export interface SessionFacts {
  id: string;
  mode: SessionMode;
  pid: number;
  port: number;
  /** The state directory the session belongs to (`<git dir>/redline`): a record found anywhere else is refused. */
  stateDir: string;
  /** The diff's description, e.g. "Uncommitted changes (working tree against HEAD)". */
  target: string;
  /** What `redline check` runs on for this review's draft (check/reviewedState.ts); a record written before it was kept reads as the work tree. */
  reviewed: ReviewedState;
  startedAt: string;
}

export type SessionRecord = SessionFacts & SessionEnding;

export const SESSION_RECORD_VERSION = 1;

export function recordToJson(record: SessionRecord): string {
  return `${JSON.stringify({ version: SESSION_RECORD_VERSION, ...record }, null, 2)}\n`;
}

/** A record as written by recordToJson, or null for anything else (a torn or foreign file is not a session). */
export function parseSessionRecord(text: string): SessionRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  try {
    return readRecord(readObject(value, 'session'));
  } catch {
    return null;
  }
}

function readRecord(object: JsonObject): SessionRecord | null {
  if (object.version !== SESSION_RECORD_VERSION) return null;
  const facts: SessionFacts = {
    id: readString(object, 'id', 'session'),
    mode: readOneOf(object, 'mode', 'session', ['foreground', 'detached'] as const),
    pid: readPositiveInteger(object, 'pid'),
    port: readPositiveInteger(object, 'port'),
    stateDir: readString(object, 'stateDir', 'session'),
    target: readString(object, 'target', 'session'),
    reviewed: readReviewed(object.reviewed),
    startedAt: readString(object, 'startedAt', 'session'),
  };
  const state = readOneOf(object, 'state', 'session', ['open', 'sent', 'closed'] as const);
  if (state !== 'sent') return { ...facts, state };
  const copy = object.copy === null ? null : readString(object, 'copy', 'session');
  return { ...facts, state, copy };
}

function readReviewed(value: unknown): ReviewedState {
  if (value === undefined) return { kind: 'work-tree' };
  const object = readObject(value, 'session.reviewed');
  const kind = readOneOf(object, 'kind', 'session.reviewed', ['work-tree', 'commit'] as const);
  if (kind === 'work-tree') return { kind };
  const commit = readString(object, 'commit', 'session.reviewed');
  if (!/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(commit)) throw invalid('session.reviewed.commit', 'a full commit id', commit);
  return { kind, commit };
}

function readPositiveInteger(object: JsonObject, key: string): number {
  const value = object[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw invalid(`session.${key}`, 'a positive integer', value);
  return value;
}
