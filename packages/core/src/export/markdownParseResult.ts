/**
 * The end of reading a markdown export (parseFeedbackMarkdown.ts): the
 * review read, as the JSON form spells it (`Unchecked<FeedbackJson>`),
 * checked by `validateFeedbackReview` like any other input, each problem
 * given the line of the most specific part of the markdown it came from.
 */
import type { AnnotationJson, CarriedJson, FeedbackJson, FixSetJson } from './feedbackJson.js';
import type { FeedbackParseError, ParseResult } from './feedbackParseResult.js';
import { formatFieldProblem, type Unchecked } from './fieldReader.js';
import { draftToAnnotationJson } from './draftToAnnotationJson.js';
import type { MarkdownCursor } from './markdownCursor.js';
import type { ReviewInProgress } from './reviewInProgress.js';
import { validateFeedbackReview } from './validateFeedbackReview.js';

export function markdownParseResult(cursor: MarkdownCursor, read: ReviewInProgress): ParseResult {
  const { errors } = cursor;
  if (errors.length > 0) return { ok: false, errors };
  const fieldLines: Record<string, number> = {};
  let comments = 0;
  const annotations: Unchecked<AnnotationJson>[] = [];
  const carried: Unchecked<CarriedJson>[] = [];
  const nextCommentId = () => `comment-${++comments}`;
  for (const draft of read.drafts) {
    if (draft.set) continue;
    const value = draftToAnnotationJson(cursor, draft, nextCommentId);
    const field = draft.round === undefined ? `annotations[${annotations.length}]` : `carried[${carried.length}].annotation`;
    for (const [part, index] of Object.entries(draft.lines)) fieldLines[`${field}.${part}`] = index;
    if (draft.round === undefined) annotations.push(value);
    else carried.push({ round: draft.round, annotation: value });
  }
  const fixSets = read.sets.map((set, i): Unchecked<FixSetJson> => {
    fieldLines[`fixSets[${i}].heading`] = set.line;
    const members = set.members.map((draft, j) => {
      for (const [part, index] of Object.entries(draft.lines)) fieldLines[`fixSets[${i}].members[${j}].${part}`] = index;
      return draftToAnnotationJson(cursor, draft, nextCommentId);
    });
    return { id: set.id, description: set.description.text(), ...(set.round === null ? {} : { round: set.round }), members };
  });
  if (errors.length > 0) return { ok: false, errors };

  if (read.verdict === undefined) errors.push({ line: 1, message: 'missing the "- **Verdict:**" line' });
  if (read.target.kind === undefined) errors.push({ line: 1, message: 'missing the "- **Target:**" line' });
  if (errors.length > 0) return { ok: false, errors };

  const review: Unchecked<FeedbackJson> = {
    target: read.target,
    verdict: read.verdict,
    summary: read.summary.text(),
    annotations,
  };
  if (read.files.length > 0) review.files = read.files;
  if (carried.length > 0) review.carried = carried;
  if (fixSets.length > 0) review.fixSets = fixSets;
  const validated = validateFeedbackReview(review);
  if (validated.ok) return { ok: true, format: 'markdown', review: validated.review };
  return {
    ok: false,
    errors: validated.problems.map((problem) => {
      const index = lineOfField(problem.field, fieldLines, read.headerLines);
      const error: FeedbackParseError = { message: formatFieldProblem(problem) };
      if (index !== undefined) error.line = index + 1;
      return error;
    }),
  };
}

/** The 0-based line a validation problem points at: the most specific part of the annotation read. */
function lineOfField(field: string, fieldLines: Record<string, number>, headerLines: Record<string, number>): number | undefined {
  const annotation = /^(annotations\[\d+\]|carried\[\d+\]\.annotation|fixSets\[\d+\]\.members\[\d+\])(?:\.(\w+))?/.exec(field);
  if (annotation) {
    const prefix = annotation[1]!;
    const part = annotation[2];
    const specific =
      part === 'id' || part === 'revision'
        ? fieldLines[`${prefix}.suggestion`]
        : part !== undefined
          ? fieldLines[`${prefix}.${part}`]
          : undefined;
    return specific ?? fieldLines[`${prefix}.heading`];
  }
  const set = /^fixSets\[\d+\]/.exec(field);
  if (set) return fieldLines[`${set[0]}.heading`];
  const top = /^(?:target\.)?(\w+)/.exec(field)?.[1];
  if (top === 'kind' || top === 'description') return headerLines.target;
  return top === undefined ? undefined : headerLines[top];
}
