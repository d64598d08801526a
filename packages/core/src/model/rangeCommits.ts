/**
 * Commit by commit: the commits of a `range` or `commit` review,
 * and the patch of a span of them, as the API serves them.
 */

/** One commit of the review's range. */
export interface RangeCommit {
  sha: string;
  shortSha: string;
  subject: string;
  author: string;
  /** The author time, ISO 8601 with the author's offset (git's %aI). */
  authoredAt: string;
}

/**
 * GET /api/commits: the range's commits oldest first, following first
 * parents only; empty for a review that is not of a range or a commit
 * (working tree, index, base, patch), where the page shows no selector.
 */
export interface RangeCommitsData {
  commits: RangeCommit[];
}

/** GET /api/commit-span?from=<sha>&to=<sha>: `git diff <first parent of from> <to>`, both commits of the range. */
export interface CommitSpanData {
  from: string;
  to: string;
  patch: string;
}
