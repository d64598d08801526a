/**
 * A sent round as one GitHub pull request review (docs/rounds.md,
 * "Published to a pull request"): the verdict as the review's event, the
 * summary as its body with the round's hidden marker, each comment on its
 * line or range, each suggestion as a `suggestion` block where GitHub takes
 * one (new side, inside one hunk of the pull request's diff) and otherwise,
 * in the body, as a `diff` block with one sentence saying why. No I/O: the
 * CLI reads the round and the diff and posts what this returns.
 */
import { lineSpanWords } from '../model/lineSpan.js';
import type { Annotation, FeedbackReview, Suggestion, Verdict } from '../model/types.js';
import { codeSpan, fenceFor, fencedBlock } from '../export/fences.js';
import { escapeUnsafeChars } from '../safety/textSafety.js';
import { placeAnnotation } from './placeAnnotation.js';
import type { PullDiffHunks } from './pullDiffHunks.js';
import type { InBodyReason, PlacedAnnotation, PullReview, ReviewCommentPayload, ReviewEvent } from './pullReviewTypes.js';
import { roundMarker } from './roundMarker.js';

const EVENT_OF_VERDICT = {
  approve: 'APPROVE',
  'request-changes': 'REQUEST_CHANGES',
  comment: 'COMMENT',
} as const satisfies Record<Verdict, ReviewEvent>;

export function reviewEventOf(verdict: Verdict): ReviewEvent {
  return EVENT_OF_VERDICT[verdict];
}

/** Why an annotation is in the body, in one sentence (none for a comment on the whole review). */
export const IN_BODY_WHY: Record<InBodyReason, string | null> = {
  general: null,
  file: 'A comment on a whole file: a GitHub review takes comments on lines only.',
  'outside-diff': "Its lines are outside the pull request's diff, and GitHub takes comments only on lines of the diff.",
  'across-hunks': "Its lines span more than one hunk of the pull request's diff, and GitHub takes a comment on several lines only inside one hunk.",
  outdated: 'Its lines were gone from the diff when the round was sent.',
  'empty-file': 'The file is empty, so there is no line to put it on.',
};

export interface PullReviewInput {
  /** The round's id, for the hidden marker. */
  roundId: string;
  /** The head commit the round reviewed. */
  headCommit: string;
  /** The round as its export has it: verdict, summary, annotations. */
  review: Pick<FeedbackReview, 'verdict' | 'summary' | 'annotations'>;
  /** The lines each file's hunks show in the pull request's diff. */
  diff: PullDiffHunks;
}

export function buildPullReview({ roundId, headCommit, review, diff }: PullReviewInput): PullReview {
  const placed: PlacedAnnotation[] = review.annotations.map((annotation) => {
    const placement = placeAnnotation(annotation, diff);
    if (annotation.kind === 'comment') return { annotation, placement };
    return { annotation, placement, block: placement.kind === 'in-body' ? 'diff' : 'suggestion' };
  });
  const comments: ReviewCommentPayload[] = [];
  const inBody: string[] = [];
  for (const item of placed) {
    const { placement } = item;
    if (placement.kind === 'in-body') {
      inBody.push(inBodyEntry(item.annotation, placement.reason));
    } else {
      const body = commentBody(item.annotation, item.annotation.kind === 'suggestion' ? suggestionBlock(item.annotation) : null);
      comments.push(
        placement.kind === 'line'
          ? { path: placement.path, body, line: placement.line, side: placement.side }
          : { path: placement.path, body, start_line: placement.startLine, start_side: placement.side, line: placement.endLine, side: placement.side },
      );
    }
  }
  const parts = [review.summary.trim(), ...inBody, roundMarker(roundId)].filter((part) => part !== '');
  return { payload: { commit_id: headCommit, event: reviewEventOf(review.verdict), body: parts.join('\n\n'), comments }, placed };
}

/** The reviewer's words, a note for an accepted proposal, then the block if any. */
function commentBody(annotation: Annotation, block: string | null): string {
  const parts = [annotation.text.trim()];
  if (annotation.proposal !== undefined) parts.push('_Proposed by the agent, accepted by the reviewer._');
  if (block !== null) parts.push(block);
  const body = parts.filter((part) => part !== '').join('\n\n');
  return body === '' ? '(no words)' : body;
}

/** GitHub's suggestion block: the replacement lines; an empty block deletes the lines. */
function suggestionBlock(suggestion: Suggestion): string {
  if (!suggestion.deletion) return fencedBlock(suggestion.suggestedCode, 'suggestion');
  const fence = fenceFor(suggestion.originalCode);
  return `${fence}suggestion\n${fence}`;
}

/** The replacement as a unified `diff` block: the lines it replaces, then what replaces them. */
export function suggestionDiffBlock(suggestion: Suggestion): string {
  const removed = suggestion.endLine < suggestion.startLine ? [] : suggestion.originalCode.split('\n').map((line) => '-' + line);
  const added = suggestion.deletion ? [] : suggestion.suggestedCode.split('\n').map((line) => '+' + line);
  return fencedBlock([...removed, ...added].join('\n'), 'diff');
}

/** An annotation written in the body: a heading naming its file and lines, why it is here, its words and its block. */
function inBodyEntry(annotation: Annotation, reason: InBodyReason): string {
  const why = IN_BODY_WHY[reason];
  const block = annotation.kind === 'suggestion' ? suggestionDiffBlock(annotation) : null;
  const words = commentBody(annotation, block);
  return [`#### ${whereWords(annotation)}`, ...(why === null ? [] : [`_${why}_`]), words].join('\n\n');
}

function whereWords(annotation: Annotation): string {
  if (annotation.scope === 'general') return 'On the whole change';
  const path = codeSpan(escapeUnsafeChars(annotation.path, { context: 'line' }));
  if (annotation.scope === 'file') return path;
  const kind = annotation.kind === 'suggestion' ? 'Suggestion on ' : '';
  const lines = annotation.endLine < annotation.startLine ? 'the empty file' : lineSpanWords(annotation);
  return `${path} · ${kind}${lines} (${annotation.side} side)`;
}
