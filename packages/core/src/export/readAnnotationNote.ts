/**
 * The lines of an annotation in the markdown export that are neither quotes
 * nor blocks, read back: the italic notes (approximate, outdated, proposed by
 * the agent), the label and a suggestion's `Suggestion `id` · revision `sha256`` line.
 */
import {
  APPROXIMATE_NOTE,
  LABEL_NOTE_PREFIX,
  LABEL_NOTE_RE,
  OUTDATED_NOTE,
  PROPOSED_NOTE_PREFIX,
  PROPOSED_NOTE_SUFFIX,
  REVISION_SEPARATOR,
  REVISION_UNKNOWN,
  SUGGESTION_LINE_PREFIX,
} from './feedbackMarkdownSyntax.js';
import { readCodeSpan } from './fences.js';
import { preview, wholeCodeSpan, type MarkdownCursor } from './markdownCursor.js';
import type { Draft } from './reviewInProgress.js';
import { unescapeUnsafeChars } from '../safety/textSafety.js';

/** The suggestion line and the italic notes. Returns false when the line is none of them. */
export function readAnnotationNote(cursor: MarkdownCursor, draft: Draft, line: string, index: number): boolean {
  if (line === APPROXIMATE_NOTE) draft.approximate = true;
  else if (line === OUTDATED_NOTE) draft.outdated = true;
  else if (line.startsWith(LABEL_NOTE_PREFIX)) readLabelNote(cursor, draft, line, index);
  else if (line.startsWith(SUGGESTION_LINE_PREFIX + '`')) readSuggestionLine(cursor, draft, line, index);
  else if (line.startsWith(PROPOSED_NOTE_PREFIX) && line.endsWith(PROPOSED_NOTE_SUFFIX)) {
    const id = wholeCodeSpan(line.slice(PROPOSED_NOTE_PREFIX.length, line.length - PROPOSED_NOTE_SUFFIX.length));
    if (id === null) cursor.fail(index, `expected the proposal's id in backticks, got ${preview(line)}`);
    else draft.proposal = id;
  }
  else return false;
  return true;
}

/** `Label: issue (blocking)`: the kind as written (the validator checks it), the flag. */
function readLabelNote(cursor: MarkdownCursor, draft: Draft, line: string, index: number): void {
  const match = LABEL_NOTE_RE.exec(line);
  if (!match) cursor.fail(index, `expected "${LABEL_NOTE_PREFIX}<kind> (blocking)" or "(non-blocking)", got ${preview(line)}`);
  else if (draft.label !== undefined) cursor.fail(index, `a second label in the annotation at line ${draft.lines.heading! + 1}`);
  else draft.label = { kind: match[1]!, blocking: match[2] === 'blocking' };
}

function readSuggestionLine(cursor: MarkdownCursor, draft: Draft, line: string, index: number): void {
  const rest = line.slice(SUGGESTION_LINE_PREFIX.length);
  const idSpan = readCodeSpan(rest, 0);
  const after = idSpan ? rest.slice(idSpan.end) : '';
  if (!idSpan || !after.startsWith(REVISION_SEPARATOR)) {
    cursor.fail(index, `expected "Suggestion \`<id>\`${REVISION_SEPARATOR}\`<sha256>\`", got ${preview(line)}`);
    return;
  }
  if (draft.id !== undefined) {
    cursor.fail(index, `a second suggestion line in the annotation at line ${draft.lines.heading! + 1}`);
    return;
  }
  const revisionText = after.slice(REVISION_SEPARATOR.length);
  const revision = revisionText === REVISION_UNKNOWN ? undefined : wholeCodeSpan(revisionText);
  if (revision === null) {
    cursor.fail(index, `expected the revision in backticks or "${REVISION_UNKNOWN}", got ${preview(revisionText)}`);
    return;
  }
  draft.id = unescapeUnsafeChars(idSpan.content);
  if (revision !== undefined) draft.revision = revision;
  draft.lines.suggestion = index;
}
