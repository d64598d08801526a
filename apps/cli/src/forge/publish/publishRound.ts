/**
 * Publishes a sent round to its pull request as one GitHub review
 * (docs/rounds.md, "Published to a pull request"): the round is read back,
 * the pull request asked for, a head that moved since the round refused (the
 * round's lines are the reviewed head's), the reviews listed and, when one
 * carries this round's marker, nothing posted; else the core's payload is
 * posted in ONE request, which GitHub creates whole or not at all.
 */
import { buildPullReview, carriesRoundMarker, type ReviewEvent } from '@redline/core';
import { RedlineError } from '../../errors.js';
import { githubApiFor } from '../github/githubApi.js';
import { createGitHubClient, createPullReview, getPullRequest, listPullReviews } from '../github/githubClient.js';
import { githubToken } from '../github/githubToken.js';
import { pullRequestName, type PullRequestRef } from '../github/pullRequestUrl.js';
import { findPublishableRound, type PublishableRound, type RoundChoice } from './findPublishableRound.js';
import { readPullDiffHunks } from './readPullDiffHunks.js';

export type PublishOutcome =
  | { kind: 'published'; url: string; round: PublishableRound; event: ReviewEvent }
  | { kind: 'already-published'; url: string; round: PublishableRound };

type Environment = Readonly<Record<string, string | undefined>>;

/** The round `redline publish` would post, and where: for the confirmation before anything is asked of GitHub. */
export { findPublishableRound } from './findPublishableRound.js';

export async function publishRound(root: string, choice: RoundChoice | PublishableRound, env: Environment = process.env): Promise<PublishOutcome> {
  const round = 'kind' in choice ? await findPublishableRound(root, choice) : choice;
  const ref: PullRequestRef = { host: round.pullRequest.host, owner: round.pullRequest.owner, repo: round.pullRequest.repo, number: round.pullRequest.number };
  const client = createGitHubClient(githubApiFor(ref.host, env), await githubToken(ref.host, env));
  const pull = await getPullRequest(client, ref);
  if (pull.head.sha !== round.headCommit) {
    throw new RedlineError(
      'head-moved',
      `${pullRequestName(ref)} has moved since round ${round.number}: its head is now ${pull.head.sha.slice(0, 12)}, the round reviewed ${round.headCommit.slice(0, 12)}; ` +
        `review it again (redline ${round.pullRequest.url}) and publish that round`,
    );
  }
  const existing = (await listPullReviews(client, ref)).find((review) => carriesRoundMarker(review.body, round.commit));
  if (existing) return { kind: 'already-published', url: existing.html_url, round };
  const diff = await readPullDiffHunks(root, round.baseCommit, round.headCommit);
  const { payload } = buildPullReview({ roundId: round.commit, headCommit: round.headCommit, review: round.review, diff });
  try {
    const created = await createPullReview(client, ref, { ...payload, comments: payload.comments.map((comment) => ({ ...comment })) });
    return { kind: 'published', url: created.html_url, round, event: payload.event };
  } catch (error) {
    if (error instanceof RedlineError && error.code === 'forge-unreachable') {
      // GitHub creates a review with its comments in one request: none, or all of it.
      throw new RedlineError(
        'forge-unreachable',
        `round ${round.number} is not published: ${error.message}. GitHub creates a review whole or not at all; ` +
          'run redline publish again (if the review was created after all, it finds it and posts nothing)',
      );
    }
    throw error;
  }
}
