/**
 * GET /api/round-changes?from=<tree> -> RoundChangesData: which of this
 * review's files differ now from a recorded state of its series (as in
 * "12 files changed since round 2"; an unchanged file keeps its viewed mark).
 * "Now" is written the way a Send records it (writeRoundState: a private
 * index, only new objects in the store, no ref), so a file counts as
 * unchanged exactly when the next round would record the same blob. Asked
 * for after the page is up, so start-up never waits for it.
 */
import { API } from '@redline/core';
import { RedlineError } from '../../errors.js';
import { GitReviewSource } from '../../review/gitReviewSource.js';
import { readTreeBlobs } from '../../rounds/readRoundsData.js';
import { writeRoundState } from '../../rounds/writeRoundState.js';
import { sendJson } from '../httpIo.js';
import { requiredParam, type ApiContext } from './apiContext.js';

export async function getRoundChanges({ req, res, query, session }: ApiContext): Promise<void> {
  const from = requiredParam(query, 'from');
  const source = session.source;
  const review = await session.loadReview();
  const states = new Set(review.rounds?.rounds.filter((round) => round.state.kind === 'recorded').map((round) => round.state.tree));
  if (!(source instanceof GitReviewSource) || !source.series || !states.has(from)) {
    throw new RedlineError('not-found', `${API.roundChanges}: from must be a recorded state of this review's series`);
  }
  const root = source.repository.root;
  const [then, now] = await Promise.all([readTreeBlobs(root, from), writeRoundState(root, source.series.target).then((tree) => readTreeBlobs(root, tree))]);
  const paths = new Set(review.files.flatMap((file) => [file.path, ...(file.oldPath ? [file.oldPath] : [])]));
  const changedPaths = [...paths].filter((path) => then[path] !== now[path]).sort();
  sendJson(req, res, 200, { from, changedPaths });
}
