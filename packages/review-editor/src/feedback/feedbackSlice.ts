/** What Send Feedback sends beside the annotations, and how the review ended. */
import type { PublishResult, Verdict } from '@redline/core';
import type { ReviewSliceCreator } from '../app/reviewStore.js';
import type { SliceResets } from '../reviewLoading/sliceResets.js';

export interface FeedbackSlice {
  verdict: Verdict;
  summary: string;
  /** The reviewer confirmed sending overlapping suggestions as they are. */
  overlapsConfirmed: boolean;
  /** After sending: what the CLI printed for the agent. */
  sentOutput: string | null;
  /** The reviewer chose, in the Send dialog, to publish the round to the review's pull request. */
  publishToPullRequest: boolean;
  /** After a Send that published: under way, its result, or the one-line error. */
  publishOutcome: PublishOutcome | null;
  setVerdict(verdict: Verdict): void;
  setSummary(summary: string): void;
  setOverlapsConfirmed(confirmed: boolean): void;
  setPublishToPullRequest(publish: boolean): void;
  setPublishOutcome(outcome: PublishOutcome): void;
  markSent(output: string): void;
  markClosed(): void;
}

export const createFeedbackSlice: ReviewSliceCreator<FeedbackSlice> = (set) => ({
  verdict: 'comment',
  summary: '',
  overlapsConfirmed: false,
  sentOutput: null,
  publishToPullRequest: false,
  publishOutcome: null,
  setVerdict(verdict) {
    set({ verdict });
  },
  setSummary(summary) {
    set({ summary });
  },
  setOverlapsConfirmed(confirmed) {
    set({ overlapsConfirmed: confirmed });
  },
  setPublishToPullRequest(publish) {
    set({ publishToPullRequest: publish });
  },
  setPublishOutcome(outcome) {
    set({ publishOutcome: outcome });
  },
  markSent(output) {
    set({ phase: 'sent', sentOutput: output, dialog: null });
  },
  markClosed() {
    set({ phase: 'closed', dialog: null });
  },
});

/** Publishing a sent round to the pull request: under way, done (`PublishResult`), or failed with one line. */
export type PublishOutcome = { kind: 'publishing' } | PublishResult | { kind: 'failed'; message: string };

/** A confirmation of overlapping suggestions was for the diff it was given on. */
export const feedbackResets: SliceResets<FeedbackSlice> = {
  fromDraft: (draft) => ({ verdict: draft?.verdict ?? 'comment', summary: draft?.summary ?? '' }),
  onLoad: () => ({ overlapsConfirmed: false }),
  onReread: () => ({ overlapsConfirmed: false }),
};
