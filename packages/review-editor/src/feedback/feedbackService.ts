/** Send Feedback and Close review: what goes to the server, and the end screens after. */
import type { FeedbackReview, FeedbackSubmission } from '@redline/core';
import type { ReviewApi } from '../api/apiClient.js';
import type { ReviewStore } from '../app/reviewStore.js';
import { errorMessage } from '../ui/errorMessage.js';

export interface FeedbackService {
  /** Exactly what the server renders the export from (it adds its own target): the dialog's preview. */
  feedbackReview(): FeedbackReview;
  /** The body of POST /api/feedback. */
  submission(): FeedbackSubmission;
  sendFeedback(): Promise<boolean>;
  closeReview(): Promise<boolean>;
}

export function createFeedbackService(store: ReviewStore, api: ReviewApi): FeedbackService {
  const state = () => store.getState();

  function feedbackReview(): FeedbackReview {
    const s = state();
    return {
      target: s.review!.target,
      verdict: s.verdict,
      summary: s.summary,
      annotations: s.annotations,
      // The server's own file list, as the server passes it to the renderer.
      files: s.review!.files.map(({ path, oldPath, status }) => ({ path, oldPath, status })),
    };
  }

  function submission(): FeedbackSubmission {
    const s = state();
    return { verdict: s.verdict, summary: s.summary, annotations: s.annotations };
  }

  async function sendFeedback(): Promise<boolean> {
    try {
      state().setError(null);
      const result = await api.sendFeedback(submission());
      state().markSent(result.output);
      return true;
    } catch (error) {
      state().setError(`Sending failed: ${errorMessage(error)}`);
      return false;
    }
  }

  async function closeReview(): Promise<boolean> {
    try {
      await api.closeReview();
      state().markClosed();
      return true;
    } catch (error) {
      state().setError(`Closing failed: ${errorMessage(error)}`);
      return false;
    }
  }

  return { feedbackReview, submission, sendFeedback, closeReview };
}
