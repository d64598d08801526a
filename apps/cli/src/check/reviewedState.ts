/**
 * What a check runs on: the work tree (with its untracked files), or the tree
 * of the commit a review of commits shows. The check route, `redline check`
 * and the session record (which keeps it for `redline check` on the open
 * review's draft) all go by `reviewedStateOf`.
 */
import type { ReviewTarget } from '@redline/core';

export type ReviewedState = { kind: 'work-tree' } | { kind: 'commit'; commit: string };

/** The one rule: a review of commits (a commit or a range) is checked on its head commit's tree; any other review on the work tree. */
export function reviewedStateOf(target: Pick<ReviewTarget, 'kind' | 'headCommit'>): ReviewedState {
  return (target.kind === 'commit' || target.kind === 'range') && target.headCommit !== null ? { kind: 'commit', commit: target.headCommit } : { kind: 'work-tree' };
}
