/**
 * An annotation's heading in the markdown export, read back: it starts a new
 * `Draft` in the review being read. `### Comment` in the General section;
 * `### File comment` or a line heading (`### Line 9 (new)`,
 * `### Lines 3-5 (old)`, `### Empty file (new)`) in a file's section; and a
 * carried suggestion's (`### Round N · `path` · Lines A-B (new)`) in the
 * carried suggestions' section; a member's (`### Member k · `path` · …`) in
 * a fix set's, k counting from 1.
 */
import {
  CARRIED_HEADING, CARRIED_HEADING_PREFIX, CARRIED_SEPARATOR, FILE_COMMENT_HEADING, GENERAL_COMMENT_HEADING, MEMBER_HEADING_PREFIX,
} from './feedbackMarkdownSyntax.js';
import { readLineHeading, readNumberedHeading, type HeadingLines } from './lineHeadings.js';
import { preview, type MarkdownCursor } from './markdownCursor.js';
import { Prose, type Draft, type ReviewInProgress } from './reviewInProgress.js';
import type { AnnotationScope } from '../model/types.js';

export function readAnnotationHeading(cursor: MarkdownCursor, review: ReviewInProgress, line: string, index: number): void {
  review.draft = null;
  const section = review.section;
  if (section === null || section.kind === 'summary') {
    cursor.fail(index, `${preview(line)} must be inside a file section or the General section`);
    return;
  }
  const start = (scope: AnnotationScope, path: string, anchor: HeadingLines | null) => startDraft(review, index, scope, path, anchor);
  if (section.kind === 'carried') {
    readCarriedSuggestionHeading(cursor, line, index, start);
    return;
  }
  if (section.kind === 'set') {
    const heading = readNumberedHeading(MEMBER_HEADING_PREFIX, line);
    const { members } = section.set;
    if (heading === null || heading.n !== members.length + 1) {
      cursor.fail(index, `expected "${MEMBER_HEADING_PREFIX}${members.length + 1}${CARRIED_SEPARATOR}\`<path>\`${CARRIED_SEPARATOR}Line N (new)" in a fix set, got ${preview(line)}`);
      return;
    }
    const { path, n: _n, ...anchor } = heading;
    const draft = start('line', path, anchor);
    draft.set = section.set;
    members.push(draft);
    return;
  }
  if (section.kind === 'general') {
    if (line === GENERAL_COMMENT_HEADING) start('general', '', null);
    else cursor.fail(index, `expected "${GENERAL_COMMENT_HEADING}" in the General section, got ${preview(line)}`);
    return;
  }
  if (line === FILE_COMMENT_HEADING) {
    start('file', section.path, null);
    return;
  }
  const anchor = readLineHeading(line);
  if (!anchor) {
    cursor.fail(index, `expected "### Line N (new)", "### Lines A-B (old)", "### Empty file (new)" or "${FILE_COMMENT_HEADING}", got ${preview(line)}`);
    return;
  }
  start('line', section.path, anchor);
}

/** `### Round N · `path` · Lines A-B (new)`: a suggestion of round N, its lines in that round's file. */
function readCarriedSuggestionHeading(
  cursor: MarkdownCursor,
  line: string,
  index: number,
  start: (scope: AnnotationScope, path: string, anchor: HeadingLines) => Draft,
): void {
  const heading = readNumberedHeading(CARRIED_HEADING_PREFIX, line);
  if (heading === null) {
    cursor.fail(index, `expected "${CARRIED_HEADING_PREFIX}N${CARRIED_SEPARATOR}\`<path>\`${CARRIED_SEPARATOR}Line N (new)" in ${CARRIED_HEADING}, got ${preview(line)}`);
    return;
  }
  const { path, n: round, ...anchor } = heading;
  start('line', path, anchor).round = round;
}

/** A new annotation, read from its heading at `index`: the one being read from now on. */
function startDraft(review: ReviewInProgress, index: number, scope: AnnotationScope, path: string, anchor: HeadingLines | null): Draft {
  const draft: Draft = { scope, path, anchor, lines: { heading: index }, approximate: false, outdated: false, prose: new Prose(), blocks: {} };
  review.drafts.push(draft);
  review.draft = draft;
  return draft;
}
