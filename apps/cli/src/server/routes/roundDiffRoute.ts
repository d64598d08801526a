/**
 * GET /api/round-diff?from=<tree>&to=<tree> -> RoundDiffData: the diff
 * between two recorded states of this review's series (`git diff <treeA>
 * <treeB>`), for "what changed since your last round". Only the state trees
 * of the series' own rounds are accepted: nothing else of the repository is
 * reachable through it.
 */
import { API } from '@redline/core';
import { RedlineError } from '../../errors.js';
import { NEUTRAL_DIFF_FLAGS } from '../../git/diffFlags.js';
import { runGitText } from '../../git/runGit.js';
import { GitReviewSource } from '../../review/gitReviewSource.js';
import { sendJson } from '../httpIo.js';
import { requiredParam, type ApiContext } from './apiContext.js';

export async function getRoundDiff({ req, res, query, session }: ApiContext): Promise<void> {
  const from = requiredParam(query, 'from');
  const to = requiredParam(query, 'to');
  const source = session.source;
  const rounds = (await session.loadReview()).rounds;
  const states = new Set(rounds?.rounds.filter((round) => round.state.kind === 'recorded').map((round) => round.state.tree));
  if (!(source instanceof GitReviewSource) || !states.has(from) || !states.has(to)) {
    throw new RedlineError('not-found', `${API.roundDiff}: from and to must be recorded states of this review's series`);
  }
  const patch = await runGitText(['diff', ...NEUTRAL_DIFF_FLAGS, from, to, '--'], { cwd: source.repository.root });
  sendJson(req, res, 200, { from, to, patch });
}
