/**
 * The markdown export's section headings, read back: `## Summary`,
 * `## General`, the carried suggestions' heading, and a file's
 * (`## `path``), with what happened to the file when the heading says so
 * (` (added)`, ` (renamed from `old`, 87% similar)`…).
 */
import { CARRIED_HEADING, GENERAL_HEADING, RENAME_NOTES, SIMILARITY_NOTE_RE, STATUS_NOTES, SUMMARY_HEADING } from './feedbackMarkdownSyntax.js';
import { readCodeSpan } from './fences.js';
import { preview, type MarkdownCursor } from './markdownCursor.js';
import type { ReviewInProgress } from './reviewInProgress.js';
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
    const similarity = span ? SIMILARITY_NOTE_RE.exec(rest.slice(span.end)) : null;
    if (!span || (span.end !== rest.length && !similarity)) continue;
    const oldPath = unescapeUnsafeChars(span.content);
    return { path, status, oldPath, similarity: similarity ? Number(similarity[1]) : null };
  }
  return null;
}
