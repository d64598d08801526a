/**
 * An annotation read from the markdown export, as the JSON form spells it
 * (`Unchecked<AnnotationJson>`, feedbackJson.ts) for `validateFeedbackReview`
 * to check, once, like any other input. Checks here only what the markdown
 * alone can get wrong: a suggestion's missing parts, "nothing replaced" off
 * an empty file, a quote's side against its heading's.
 */
import type { AnnotationJson, QuotedLinesJson } from './feedbackJson.js';
import { LABELS, NOTHING_REPLACED } from './feedbackMarkdownSyntax.js';
import type { Unchecked } from './fieldReader.js';
import type { MarkdownCursor } from './markdownCursor.js';
import type { Draft } from './reviewInProgress.js';

/** The annotation as plain data for the validator; `nextCommentId` names a comment (the markdown carries no comment ids). */
export function draftToAnnotationJson(cursor: MarkdownCursor, draft: Draft, nextCommentId: () => string): Unchecked<AnnotationJson> {
  const { blocks, anchor } = draft;
  const heading = draft.lines.heading!;
  const isSuggestion = draft.id !== undefined || 'originalCode' in blocks || 'suggestedCode' in blocks;
  const value: Unchecked<AnnotationJson> = {
    id: draft.id ?? nextCommentId(),
    kind: isSuggestion ? 'suggestion' : 'comment',
    scope: draft.scope,
    path: draft.path,
    text: draft.prose.text(),
    createdAt: '',
  };
  if (anchor !== null) Object.assign(value, { side: anchor.side, startLine: anchor.startLine, endLine: anchor.endLine } satisfies Unchecked<AnnotationJson>);
  if (isSuggestion) {
    if (draft.id === undefined) cursor.fail(heading, 'this suggestion has no "Suggestion `<id>` · revision …" line');
    if (!('originalCode' in blocks)) cursor.fail(heading, `this suggestion has no ${LABELS.originalCode} block`);
    if (!('suggestedCode' in blocks)) cursor.fail(heading, `this suggestion has no ${LABELS.suggestedCode} block`);
    const emptyFile = anchor !== null && anchor.startLine === 1 && anchor.endLine === 0;
    if (blocks.originalCode === null && !emptyFile) {
      cursor.fail(draft.lines.originalCode!, `"${NOTHING_REPLACED}" is only for "### Empty file (new)"`);
    }
    if (typeof blocks.originalCode === 'string' && emptyFile) {
      cursor.fail(draft.lines.originalCode!, `an insertion into an empty file replaces nothing: expected "${LABELS.originalCode} ${NOTHING_REPLACED}"`);
    }
    value.originalCode = blocks.originalCode ?? '';
    value.suggestedCode = blocks.suggestedCode ?? '';
    value.deletion = blocks.suggestedCode === null;
    if (draft.revision !== undefined) value.revision = draft.revision;
  }
  if (typeof blocks.quotedLines === 'string' && draft.quotedPlace) value.quoted = quotedToJson(cursor, draft, blocks.quotedLines);
  if (typeof blocks.highlightedText === 'string') value.highlightedText = blocks.highlightedText;
  if (typeof blocks.anchorSnippet === 'string') value.anchorSnippet = blocks.anchorSnippet;
  if (draft.proposal !== undefined) value.proposal = draft.proposal;
  if (draft.label !== undefined) value.label = draft.label;
  if (draft.approximate) value.approximate = true;
  if (draft.outdated) value.outdated = true;
  return value;
}

/** A quote belongs to a line comment, on the side of its heading (the validator checks its line count). */
function quotedToJson(cursor: MarkdownCursor, draft: Draft, code: string): QuotedLinesJson {
  const { side, oldPath, newPath } = draft.quotedPlace!;
  if (side !== draft.anchor?.side) cursor.fail(draft.lines.quotedLines!, `${LABELS.quotedLines} says the ${side} side; the heading says ${draft.anchor?.side ?? 'none'}`);
  return { code, oldPath, newPath };
}
