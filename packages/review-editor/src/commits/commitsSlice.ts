/**
 * Commit by commit: the range's commits (GET /api/commits) and
 * the span shown, one commit or several in a row; null is the whole range,
 * the default. A span's diff is shown in place of the whole range's, file by
 * file, through the round view's mechanism (threads/roundDiffs.ts), so the
 * items builder, the slots and "no more context" work on it unchanged.
 */
import type { RangeCommit } from '@redline/core';
import type { ReviewSliceCreator } from '../app/reviewStore.js';
import type { RoundDiffs } from '../threads/roundDiffs.js';

/** The first and last commit of a span (both full ids; equal for one commit). */
export interface CommitSpan {
  from: string;
  to: string;
}

export type RangeCommits = { kind: 'none' } | { kind: 'ready'; commits: readonly RangeCommit[] };

export type CommitSpanDiff =
  | { kind: 'none' }
  | { kind: 'loading'; span: CommitSpan }
  | { kind: 'ready'; span: CommitSpan; diffs: RoundDiffs }
  | { kind: 'failed'; span: CommitSpan; message: string };

export interface CommitsSlice {
  rangeCommits: RangeCommits;
  /** The span shown; null: the whole range. */
  commitSpan: CommitSpan | null;
  commitSpanDiff: CommitSpanDiff;
  setRangeCommits(commits: RangeCommits): void;
  setCommitSpanDiff(diff: CommitSpanDiff): void;
  chooseCommitSpan(span: CommitSpan | null): void;
}

export const createCommitsSlice: ReviewSliceCreator<CommitsSlice> = (set) => ({
  rangeCommits: { kind: 'none' },
  commitSpan: null,
  commitSpanDiff: { kind: 'none' },
  setRangeCommits(rangeCommits) {
    set({ rangeCommits });
  },
  setCommitSpanDiff(commitSpanDiff) {
    set({ commitSpanDiff });
  },
  chooseCommitSpan(commitSpan) {
    set(commitSpan === null ? { commitSpan, commitSpanDiff: { kind: 'none' } } : { commitSpan });
  },
});

export function sameSpan(a: CommitSpan | null, b: CommitSpan | null): boolean {
  return a === b || (a !== null && b !== null && a.from === b.from && a.to === b.to);
}
