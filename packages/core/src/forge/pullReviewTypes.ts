/**
 * A round as one GitHub pull request review: the request body of
 * `POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews` (GitHub's REST
 * API, "Create a review for a pull request"), and where each annotation of
 * the round went in it.
 */
import type { Annotation } from '../model/types.js';

export type ReviewEvent = 'COMMENT' | 'APPROVE' | 'REQUEST_CHANGES';

/** GitHub's sides: LEFT the base (Redline's `old`), RIGHT the head (`new`). */
export type GithubSide = 'LEFT' | 'RIGHT';

/** A comment on one line of the diff. */
export interface LineCommentPayload {
  path: string;
  body: string;
  line: number;
  side: GithubSide;
}

/** A comment on lines start_line..line of one hunk, on one side. */
export interface RangeCommentPayload extends LineCommentPayload {
  start_line: number;
  start_side: GithubSide;
}

export type ReviewCommentPayload = LineCommentPayload | RangeCommentPayload;

export interface PullReviewPayload {
  /** The head the round reviewed: GitHub anchors the comments to that commit's diff. */
  commit_id: string;
  event: ReviewEvent;
  /** The summary, what could not go on a line, and the round's marker (never empty). */
  body: string;
  comments: ReviewCommentPayload[];
}

/**
 * Why an annotation is written in the review's body rather than on a line:
 * `general` a comment on the whole review; `file` a comment on a whole file
 * (a review's comments are on lines); `outside-diff` lines the pull
 * request's diff does not show; `across-hunks` a range over more than one of
 * its hunks; `outdated` lines gone when the round was sent; `empty-file` the
 * insertion into an empty file, which has no line.
 */
export type InBodyReason = 'general' | 'file' | 'outside-diff' | 'across-hunks' | 'outdated' | 'empty-file';

/** Where an annotation went: on a line, on a range of one hunk, or into the body, and why. */
export type Placement =
  | { kind: 'line'; path: string; side: GithubSide; line: number }
  | { kind: 'range'; path: string; side: GithubSide; startLine: number; endLine: number }
  | { kind: 'in-body'; reason: InBodyReason };

/** One annotation of the round and its place in the payload; a suggestion says whether it is a suggestion block or a `diff` block. */
export type PlacedAnnotation =
  | { annotation: Annotation & { kind: 'comment' }; placement: Placement }
  | { annotation: Annotation & { kind: 'suggestion' }; placement: Placement; block: 'suggestion' | 'diff' };

export interface PullReview {
  payload: PullReviewPayload;
  /** Every annotation of the round, in the round's order, each exactly once. */
  placed: PlacedAnnotation[];
}
