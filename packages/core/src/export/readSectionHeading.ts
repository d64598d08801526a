/**
 * The markdown export's section headings, read back: `## Summary`,
 * `## General`, the carried suggestions' heading, and a file's
 * (`## `path``), with what happened to the file when the heading says so
 * (` (added)`, ` (renamed from `old`, 87% similar)`…).
 */
import {
  CARRIED_HEADING, FIX_SET_HEADING_PREFIX, FIX_SET_ROUND_SEPARATOR, GENERAL_HEADING, PAIRED_NOTE, RENAME_NOTES, SIMILARITY_NOTE_RE, STATUS_NOTES, SUMMARY_HEADING,
} from './feedbackMarkdownSyntax.js';
import { readNumber } from './lineHeadings.js';
import { readCodeSpan } from './fences.js';
import { preview, type MarkdownCursor } from './markdownCursor.js';
import { Prose, type ReviewInProgress } from './reviewInProgress.js';
import { fileMove } from '../model/fileMove.js';
import type { FeedbackFile, FileStatus } from '../model/types.js';
import { unescapeUnsafeChars } from '../safety/textSafety.js';

export function readSectionHeading(cursor: MarkdownCursor, review: ReviewInProgress, line: string, index: number): void {
  review.draft = null;
  if (line === SUMMARY_HEADING) {
    review.section = { kind: 'summary' };
    return;
  }
  if (line === GENERAL_HEADING) {
    review.section = { kind: 'general' };
    return;
  }
  if (line === CARRIED_HEADING) {
    review.section = { kind: 'carried' };
    return;
  }
  if (line.startsWith(FIX_SET_HEADING_PREFIX + '`')) {
    readFixSetHeading(cursor, review, line, index);
    return;
  }
  const rest = line.slice(3);
  const span = rest.startsWith('`') ? readCodeSpan(rest, 0) : null;
  if (!span) {
    review.section = null;
    cursor.fail(index, `unexpected heading ${preview(line)}: a file section is "## " and the path in backticks`);
    return;
  }
  const path = unescapeUnsafeChars(span.content);
  review.section = { kind: 'file', path };
  const note = rest.slice(span.end);
  if (note === '') return;
  const facts = readStatusNote(note, path);
  if (facts) review.files.push(facts);
  else cursor.fail(index, `unexpected text after the path: ${preview(note)}`);
}

/** `## Fix set `id`` or `## Fix set `id` · round N`: the members that follow are the set's. */
function readFixSetHeading(cursor: MarkdownCursor, review: ReviewInProgress, line: string, index: number): void {
  const rest = line.slice(FIX_SET_HEADING_PREFIX.length);
  const span = readCodeSpan(rest, 0);
  const after = span ? rest.slice(span.end) : '';
  const round = after.startsWith(FIX_SET_ROUND_SEPARATOR) ? readNumber(after, FIX_SET_ROUND_SEPARATOR.length) : null;
  const roundOk = after === '' || (round !== null && round.end === after.length && round.end > FIX_SET_ROUND_SEPARATOR.length && round.value >= 1);
  if (!span || !roundOk) {
    review.section = null;
    cursor.fail(index, `expected "${FIX_SET_HEADING_PREFIX}\`<id>\`" with "${FIX_SET_ROUND_SEPARATOR}N" for a carried set, got ${preview(line)}`);
    return;
  }
  const set = { id: unescapeUnsafeChars(span.content), round: round?.value ?? null, line: index, description: new Prose(), members: [] };
  review.sets.push(set);
  review.section = { kind: 'set', set };
}

/** ` (added)`, ` (renamed from `old`)`…: what happened to the file. */
function readStatusNote(note: string, path: string): FeedbackFile | null {
  if (!note.startsWith(' (') || !note.endsWith(')')) return null;
  const inner = note.slice(2, -1);
  for (const [status, words] of Object.entries(STATUS_NOTES)) {
    if (inner === words) return { path, ...fileMove(status as FileStatus, null, null) };
  }
  for (const [status, words] of Object.entries(RENAME_NOTES) as [keyof typeof RENAME_NOTES, string][]) {
    if (!inner.startsWith(words)) continue;
    const rest = inner.slice(words.length);
    const span = rest.startsWith('`') ? readCodeSpan(rest, 0) : null;
    const after = span ? rest.slice(span.end) : '';
    const similarity = span ? SIMILARITY_NOTE_RE.exec(after) : null;
    const paired = span !== null && after === PAIRED_NOTE;
    if (!span || (span.end !== rest.length && !similarity && !paired)) continue;
    const oldPath = unescapeUnsafeChars(span.content);
    return { path, status, oldPath, similarity: similarity ? Number(similarity[1]) : null, ...(paired ? { pairedByReviewer: true as const } : {}) };
  }
  return null;
}
