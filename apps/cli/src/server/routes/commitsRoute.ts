/**
 * Commit by commit. GET /api/commits -> RangeCommitsData: the
 * range's commits (empty unless the review is of a range or a commit).
 * GET /api/commit-span?from=<sha>&to=<sha> -> CommitSpanData: the patch from
 * the first parent of `from` to `to`. Only commits of the range's own list
 * are accepted, so nothing else of the repository is reachable through it.
 */
import { API, type RangeCommit } from '@redline/core';
import { RedlineError } from '../../errors.js';
import { NEUTRAL_DIFF_FLAGS } from '../../git/diffFlags.js';
import { readRangeCommits } from '../../git/readRangeCommits.js';
import { emptyTree, firstParent } from '../../git/revisions.js';
import { runGitText } from '../../git/runGit.js';
import { GitReviewSource } from '../../review/gitReviewSource.js';
import type { ReviewSession } from '../../review/reviewSession.js';
import { sendJson } from '../httpIo.js';
import { requiredParam, type ApiContext } from './apiContext.js';

export async function getCommits({ req, res, session }: ApiContext): Promise<void> {
  sendJson(req, res, 200, { commits: await sessionCommits(session) });
}

export async function getCommitSpan({ req, res, query, session }: ApiContext): Promise<void> {
  const from = requiredParam(query, 'from');
  const to = requiredParam(query, 'to');
  const commits = await sessionCommits(session);
  const fromAt = commits.findIndex((commit) => commit.sha === from);
  const toAt = commits.findIndex((commit) => commit.sha === to);
  if (!(session.source instanceof GitReviewSource) || fromAt < 0 || toAt < fromAt) {
    throw new RedlineError('not-found', `${API.commitSpan}: from and to must be commits of this review's range, from no later than to`);
  }
  const root = session.source.repository.root;
  const base = (await firstParent(root, from)) ?? (await emptyTree(root));
  const patch = await runGitText(['diff', ...NEUTRAL_DIFF_FLAGS, base, to, '--'], { cwd: root });
  sendJson(req, res, 200, { from, to, patch });
}

function sessionCommits(session: ReviewSession): Promise<RangeCommit[]> {
  const source = session.source;
  if (!(source instanceof GitReviewSource)) return Promise.resolve([]);
  return readRangeCommits(source.repository.root, source.target.review);
}
