/**
 * The review the export is rendered from, assembled in one place: the server
 * renders the feedback from it, and the page's preview shows exactly the
 * same text because it builds the same value, earlier rounds' threads included.
 */
import { exportThreadsOf } from '../export/exportThreads.js';
import type { FeedbackReview, FeedbackSubmission, ReviewData } from './types.js';

export function buildFeedbackReview(review: Pick<ReviewData, 'target' | 'files' | 'rounds'>, submission: FeedbackSubmission): FeedbackReview {
  const built: FeedbackReview = {
    target: review.target,
    verdict: submission.verdict,
    summary: submission.summary,
    annotations: submission.annotations,
    // Only what the renderer prints renames with.
    files: review.files.map(({ path, oldPath, status }) => ({ path, oldPath, status })),
  };
  // The threads the page shows, with this Send's own resolves, reopens and replies (issue 13).
  const threads = exportThreadsOf(review.rounds?.threads ?? [], submission.threadActs ?? []);
  if (threads) built.threads = threads;
  return built;
}
