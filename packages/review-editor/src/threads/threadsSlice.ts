/**
 * The reviewer's side of the review loop: who is reviewing, and
 * the acts on earlier rounds' threads (reply, resolve, reopen) that the next
 * Send carries in `threadActs`. The threads themselves and their states come
 * from the core (`ReviewData.rounds.threads`); this slice never recomputes a
 * state, it only remembers what the reviewer asked for and which threads
 * they unfolded.
 */
import { checkReviewerIdentity, type ReviewerActKind, type ThreadActInput } from '@redline/core';
import type { ReviewSliceCreator } from '../app/reviewStore.js';

/** The typed name as the core's identity rule judges it; empty is allowed (the round has no reviewer). */
export type ReviewerNameCheck = { kind: 'empty' } | { kind: 'valid'; reviewer: string } | { kind: 'invalid'; problem: string };

export interface ThreadsSlice {
  /** As typed in the Send dialog's "Your name". */
  reviewer: string;
  reviewerCheck: ReviewerNameCheck;
  /** This round's acts on earlier threads, in the order made. */
  threadActs: ThreadActInput[];
  /** Resolved threads the reviewer unfolded, and open ones they folded. */
  foldToggled: ReadonlySet<string>;
  setReviewer(text: string): void;
  actOnThread(thread: string, act: ReviewerActKind, text?: string): void;
  /** Takes back this round's acts of one kind on a thread (an unsent resolve, reopen or reply). */
  undoThreadAct(thread: string, act: ReviewerActKind): void;
  toggleThreadFold(thread: string): void;
}

export function judgeReviewer(text: string): ReviewerNameCheck {
  if (text.trim() === '') return { kind: 'empty' };
  const checked = checkReviewerIdentity(text);
  return checked.ok ? { kind: 'valid', reviewer: checked.reviewer } : { kind: 'invalid', problem: checked.problem };
}

export const createThreadsSlice: ReviewSliceCreator<ThreadsSlice> = (set) => ({
  reviewer: '',
  reviewerCheck: { kind: 'empty' },
  threadActs: [],
  foldToggled: new Set(),
  setReviewer(text) {
    set({ reviewer: text, reviewerCheck: judgeReviewer(text) });
  },
  actOnThread(thread, act, text = '') {
    set((s) => {
      // Resolve and reopen undo each other: only the last of the two is kept.
      const kept = act === 'reply' ? s.threadActs : s.threadActs.filter((a) => a.thread !== thread || a.act === 'reply');
      return { threadActs: [...kept, { thread, act, text }] };
    });
  },
  undoThreadAct(thread, act) {
    set((s) => ({ threadActs: s.threadActs.filter((a) => a.thread !== thread || a.act !== act) }));
  },
  toggleThreadFold(thread) {
    set((s) => {
      const next = new Set(s.foldToggled);
      if (!next.delete(thread)) next.add(thread);
      return { foldToggled: next };
    });
  },
});
