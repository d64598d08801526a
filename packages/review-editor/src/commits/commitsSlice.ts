/**
 * Commit by commit: the range's commits (GET /api/commits), for the commit
 * selector. The span shown is one of the diff views (diffViews/): its diff
 * is shown in place of the whole range's, file by file, so the items
 * builder, the slots and "no more context" work on it unchanged.
 */
import type { RangeCommit } from '@redline/core';
import type { ReviewSliceCreator } from '../app/reviewStore.js';

export type RangeCommits = { kind: 'none' } | { kind: 'ready'; commits: readonly RangeCommit[] };

export interface CommitsSlice {
  rangeCommits: RangeCommits;
  setRangeCommits(commits: RangeCommits): void;
}

export const createCommitsSlice: ReviewSliceCreator<CommitsSlice> = (set) => ({
  rangeCommits: { kind: 'none' },
  setRangeCommits(rangeCommits) {
    set({ rangeCommits });
  },
});
