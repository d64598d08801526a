/** Send Feedback and Close review: what goes to the server, and the end screens after. */
import { buildFeedbackReview, type FeedbackReview, type FeedbackSubmission, errorMessage } from '@redline/core';
import type { ReviewApi } from '../api/apiClient.js';
import type { ReviewStore, ReviewStoreState } from '../app/reviewStore.js';
import { isServerGone } from '../reviewLoading/serverGone.js';
import { SERVER_GONE_WORDS } from './serverGoneWords.js';
import { actsYouMaySend } from '../threads/teammateThreads.js';
import { keepValidViewed } from '../viewed/viewedFingerprint.js';

export interface FeedbackService {
  /** Exactly what the server renders the export from (it adds its own target): the dialog's preview. */
  feedbackReview(): FeedbackReview;
  /** The body of POST /api/feedback. */
  submission(): FeedbackSubmission;
  sendFeedback(): Promise<boolean>;
  closeReview(): Promise<boolean>;
}

export function createFeedbackService(store: ReviewStore, api: ReviewApi): FeedbackService {
  const submission = () => submissionOf(store.getState());
  return {
    feedbackReview: () => feedbackReviewOf(store.getState()),
    submission,
    sendFeedback: async () => {
      const sent = submission();
      const ok = await settle(store, 'Sending', async () => store.getState().markSent((await api.sendFeedback(sent)).output));
      // The round is recorded once the answer is out; the server holds this request until it is, then posts it.
      if (ok && sent.publish) await publishSentRound(store, api);
      return ok;
    },
    closeReview: () => settle(store, 'Closing', async () => {
      await api.closeReview();
      store.getState().markClosed();
    }),
  };
}

/** Exactly what the server renders the export from (the core's one builder), the agent's proposals as the server last stated them included. */
function feedbackReviewOf(s: ReviewStoreState): FeedbackReview {
  const run = s.check?.run;
  // The last check, as the server adds it: only when it ran with exactly the suggestions sent.
  const checked = run?.state.kind === 'finished' ? run.state.checked : null;
  return buildFeedbackReview(s.review!, submissionOf(s), s.proposals, s.questions, checked);
}

function submissionOf(s: ReviewStoreState): FeedbackSubmission {
  const submission: FeedbackSubmission = { verdict: s.verdict, summary: s.summary, annotations: s.annotations, ...(s.fixSets.length > 0 ? { fixSets: s.fixSets } : {}) };
  if (s.reviewerCheck.kind === 'valid') submission.reviewer = s.reviewerCheck.reviewer;
  const acts = actsYouMaySend(s.review?.rounds?.threads ?? [], s.threadActs, s.reviewerCheck);
  if (acts.length > 0) submission.threadActs = acts;
  // Recorded with the round: the next round carries a mark only to these files, and only when unchanged since.
  submission.viewed = Object.keys(keepValidViewed(s.viewed, s.files)).sort();
  if (s.publishToPullRequest && s.review?.pullRequest) submission.publish = true;
  return submission;
}

/** POST /api/publish after the Send: the outcome (a link, or the one-line error) goes on the sent screen. */
async function publishSentRound(store: ReviewStore, api: ReviewApi): Promise<void> {
  store.getState().setPublishOutcome({ kind: 'publishing' });
  try {
    store.getState().setPublishOutcome(await api.publish());
  } catch (error) {
    store.getState().setPublishOutcome({ kind: 'failed', message: isServerGone(error) ? SERVER_GONE_WORDS.sendFailed : errorMessage(error) });
  }
}

/** Runs the request that ends the review; a failure stays on the page as "<what> failed: …". */
async function settle(store: ReviewStore, what: 'Sending' | 'Closing', run: () => Promise<void>): Promise<boolean> {
  try {
    if (what === 'Sending') store.getState().setError(null);
    await run();
    return true;
  } catch (error) {
    const gone = isServerGone(error);
    if (gone) store.getState().setServerGone(true);
    store.getState().setError(`${what} failed: ${gone ? SERVER_GONE_WORDS.sendFailed : errorMessage(error)}`);
    return false;
  }
}
