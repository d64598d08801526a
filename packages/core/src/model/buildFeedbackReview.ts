/**
 * The review the export is rendered from, assembled in one place: the server
 * renders the feedback from it, and the page's preview shows exactly the
 * same text because it builds the same value.
 */
import type { FeedbackReview, FeedbackSubmission, ReviewData } from './types.js';

export function buildFeedbackReview(review: Pick<ReviewData, 'target' | 'files'>, submission: FeedbackSubmission): FeedbackReview {
  return {
    target: review.target,
    verdict: submission.verdict,
    summary: submission.summary,
    annotations: submission.annotations,
    // Only what the renderer prints renames with.
    files: review.files.map(({ path, oldPath, status }) => ({ path, oldPath, status })),
  };
}
