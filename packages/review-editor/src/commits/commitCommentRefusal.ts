/**
 * Where a span view refuses a comment, saying why (never a silent no-op).
 * An annotation is always on the range's own lines, the ones the export and
 * the agent see. A span ending on the range's last commit has the range's
 * new side, line for line; a span starting on its first commit has its old
 * side. Otherwise a new-side line is taken when the range's new side holds
 * the same text at the same place (the same annotation then points at the
 * same words in the range), and refused when it does not, or when the
 * range's diff does not hold that line to compare (outside its hunks).
 */
import type { ReviewStoreState } from '../app/reviewStore.js';
import type { ComposerTarget } from '../composer/composerSlice.js';
import { diffLinesInRange } from '../reviewLoading/diffLines.js';
import { diffShown, fileViewIn } from '../diffViews/diffShown.js';
import type { CommitSpan } from '../diffViews/diffViewsSlice.js';

export const NOT_IN_RANGE = "This line is not in the range's final version: comment on it in the whole range, or in a span that ends on the last commit.";
export const NOT_COMPARED = "This line is outside the range's changes, so it cannot be matched to the range's final version: comment on it in the whole range.";
export const OLD_SIDE = "The left side is the text before this span, not the range's base: comment on the right side, or in the whole range.";

/** Why the chosen span takes no comment on `target`, or null. */
export function commitCommentRefusal(s: ReviewStoreState, target: ComposerTarget): string | null {
  const view = diffShown(s);
  if (view.kind !== 'span' || target.scope !== 'line') return null;
  const span = view.span;
  const file = s.fileById.get(target.fileId);
  const fileView = file ? fileViewIn(view, file) : null;
  if (!file || !fileView) return null;
  if (target.side === 'old') return spanStartsRange(s, span) ? null : OLD_SIDE;
  if (spanEndsRange(s, span)) return null;
  const shown = diffLinesInRange(fileView.file.fileDiff, 'new', target.startLine, target.endLine);
  const range = diffLinesInRange(file.fileDiff, 'new', target.startLine, target.endLine);
  if (range === null) return file.fileDiff.type === 'deleted' ? NOT_IN_RANGE : NOT_COMPARED;
  return shown !== null && shown.join('\n') === range.join('\n') ? null : NOT_IN_RANGE;
}

/** Whether the span ends on the range's last commit: its new side is then the range's, line for line. */
function spanEndsRange(s: ReviewStoreState, span: CommitSpan): boolean {
  return s.rangeCommits.kind === 'ready' && s.rangeCommits.commits.at(-1)?.sha === span.to;
}

/** Whether the span starts on the range's first commit: its old side is then the range's base. */
function spanStartsRange(s: ReviewStoreState, span: CommitSpan): boolean {
  return s.rangeCommits.kind === 'ready' && s.rangeCommits.commits[0]?.sha === span.from && s.review?.target.kind === 'range';
}
