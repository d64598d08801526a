/**
 * Reads a markdown export (docs/feedback-format.md) back into a review.
 *
 * Line by line, with the structure recognised only at the start of a line
 * and only where the format puts it. Fenced code is consumed whole, and only
 * right after a block label, so nothing inside a fence is ever read as
 * structure; the reviewer's words are quotes (`>`), which no structural line
 * starts with. Strict about what it needs (an unknown line is an error, with
 * its line number), tolerant of a byte order mark, CRLF line endings and
 * trailing whitespace on structural lines. Fence contents are kept exactly.
 *
 * This module is the loop: which construct a line starts. Each construct is
 * read by a module named after it, over the cursor (markdownCursor.ts: the
 * lines, the position, the problems, the fences) and the review read so far
 * (reviewInProgress.ts): readHeaderItem, readSectionHeading,
 * readAnnotationHeading, readAnnotationNote, readBlock; markdownParseResult
 * turns the whole into the JSON form's shape for `validateFeedbackReview`.
 * The format's words are shared with the renderer (feedbackMarkdownSyntax.ts,
 * lineHeadings.ts).
 *
 * What the markdown does not carry comes back as: `createdAt` '', no
 * `author`, comment ids `comment-1`, `comment-2`… in document order, and
 * `files` only for the sections whose heading says what happened to the file.
 */
import type { ParseResult } from './feedbackParseResult.js';
import {
  APPLY_GUIDANCE,
  BLOCKING_COUNT_NOTE_RE,
  CARRIED_HEADING,
  CARRIED_NOTE,
  ESCAPED_PATH_NOTE,
  FIX_SET_NOTE,
  CHECKED_HEADING,
  PROPOSALS_HEADING,
  QUESTIONS_HEADING,
  THREADS_HEADING,
  TITLE,
} from './feedbackMarkdownSyntax.js';
import { FENCE_OPEN_RE, MarkdownCursor, preview, trimEnd } from './markdownCursor.js';
import { markdownParseResult } from './markdownParseResult.js';
import { readAnnotationHeading } from './readAnnotationHeading.js';
import { readAnnotationNote } from './readAnnotationNote.js';
import { readBlock } from './readBlock.js';
import { readHeaderItem } from './readHeaderItem.js';
import { readSectionHeading } from './readSectionHeading.js';
import { reviewInProgress, type ReviewInProgress } from './reviewInProgress.js';

export function parseFeedbackMarkdown(text: string): ParseResult {
  const cursor = new MarkdownCursor(text);
  const review = reviewInProgress();
  read(cursor, review);
  return markdownParseResult(cursor, review);
}

function read(cursor: MarkdownCursor, review: ReviewInProgress): void {
  readTitle(cursor);
  const { lines } = cursor;
  while (cursor.i < lines.length) {
    const index = cursor.i;
    const raw = lines[index]!;
    const line = trimEnd(raw);
    cursor.i++;
    if (line === '') continue;
    // The agent's proposals (renderProposalsMarkdown.ts) and the earlier rounds' threads (renderThreadsMarkdown.ts)
    // are for the agent to read, not annotations: the export ends at the proposals, and the threads are passed
    // over to the carried suggestions after them, if any, so a thread's code is never a suggestion.
    if (line === PROPOSALS_HEADING || line === QUESTIONS_HEADING || line === CHECKED_HEADING) break;
    if (line === THREADS_HEADING) {
      if (passThreads(cursor, review)) continue;
      break;
    }
    const { section, draft } = review;
    if (line.startsWith('>')) readProse(cursor, review, raw, index);
    else if (line.startsWith('### ')) readAnnotationHeading(cursor, review, line, index);
    else if (line.startsWith('## ') || line === '##') readSectionHeading(cursor, review, line, index);
    else if (line.startsWith('- **') && section === null) readHeaderItem(cursor, review, line, index);
    else if ((line === APPLY_GUIDANCE || BLOCKING_COUNT_NOTE_RE.test(line)) && section === null) continue;
    else if (line === ESCAPED_PATH_NOTE && section?.kind === 'file' && draft === null) continue;
    else if (line === CARRIED_NOTE && section?.kind === 'carried' && draft === null) continue;
    else if (line === FIX_SET_NOTE && section?.kind === 'set' && draft === null) continue;
    else if (line.startsWith('**')) readBlock(cursor, draft, line, index);
    else if (draft !== null && readAnnotationNote(cursor, draft, line, index)) continue;
    else if (FENCE_OPEN_RE.test(line)) {
      cursor.fail(index, 'a code block must follow a label such as **Suggested code:**');
      cursor.skipFence(line, index);
    } else {
      cursor.fail(index, `unexpected line: ${preview(line)}`);
    }
  }
}

/**
 * Past the threads section to the carried suggestions' heading (true) or to
 * the proposals or the end (false). Every code block there is fenced right
 * after its label and every word quoted, so outside the fences no line can
 * pass for the heading.
 */
function passThreads(cursor: MarkdownCursor, review: ReviewInProgress): boolean {
  review.draft = null;
  const { lines } = cursor;
  while (cursor.i < lines.length) {
    const index = cursor.i;
    const line = trimEnd(lines[index]!);
    cursor.i++;
    if (FENCE_OPEN_RE.test(line)) cursor.skipFence(line, index);
    else if (line === PROPOSALS_HEADING || line === QUESTIONS_HEADING || line === CHECKED_HEADING) return false;
    else if (line === CARRIED_HEADING) {
      review.section = { kind: 'carried' };
      return true;
    }
  }
  return false;
}

function readTitle(cursor: MarkdownCursor): void {
  const { lines } = cursor;
  while (cursor.i < lines.length && trimEnd(lines[cursor.i]!) === '') cursor.i++;
  if (cursor.i >= lines.length) {
    cursor.errors.push({ line: 1, message: 'the text is empty: expected a Redline feedback export' });
    return;
  }
  if (trimEnd(lines[cursor.i]!) !== TITLE) {
    cursor.fail(cursor.i, `expected the title "${TITLE}", got ${preview(lines[cursor.i]!)}`);
  }
  cursor.i++;
}

function readProse(cursor: MarkdownCursor, review: ReviewInProgress, raw: string, index: number): void {
  const content = raw.startsWith('> ') ? raw.slice(2) : raw.slice(1);
  if (review.draft) review.draft.prose.add(content, index);
  else if (review.section?.kind === 'summary') review.summary.add(content, index);
  else if (review.section?.kind === 'set') review.section.set.description.add(content, index);
  else cursor.fail(index, 'quoted text must belong to the summary, a fix set or an annotation');
}
