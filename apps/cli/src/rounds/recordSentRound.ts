/**
 * After Send: the review becomes the series' next round (recordRound). A
 * round that cannot be written is said on stderr; the feedback is printed
 * all the same (it is what the agent waits for).
 */
import { errorMessage, type ProposalAnswerKind, type ThreadAct } from '@redline/core';
import { shortOid } from '../git/revisions.js';
import { GitReviewSource } from '../review/gitReviewSource.js';
import type { ReviewOutcome } from '../review/reviewSession.js';
import type { ReviewSource } from '../review/reviewSource.js';
import type { OpenSeries } from './chooseSeries.js';
import { lastRound } from './readSeries.js';
import { recordRound, type RecordedRound, type RoundToWrite } from './recordRound.js';
import { roundRefName } from './roundRefs.js';

type Sent = Extract<ReviewOutcome, { kind: 'feedback' }>;

export async function recordSentRound(source: ReviewSource, sent: Sent, note: (line: string) => void): Promise<RecordedRound | null> {
  if (!(source instanceof GitReviewSource) || !source.series) return null;
  const series = source.series;
  const round = roundOf(series, sent, new Date().toISOString());
  const previous = series.earlier ? lastRound(series.earlier).commit : null;
  const ownTip = series.earlier?.tips.get(roundRefName(series.id, round.reviewer)) ?? null;
  try {
    const recorded = await recordRound(source.repository.root, round, sent.json, previous, ownTip);
    note(`Recorded round ${round.number} of review series ${series.id} (${recorded.ref}, state ${shortOid(recorded.state)})`);
    return recorded;
  } catch (error) {
    note(`redline: warning: the round was not recorded: ${errorMessage(error)}`);
    return null;
  }
}

export function roundOf(series: OpenSeries, sent: Pick<Sent, 'submission' | 'proposals'> & Partial<Pick<Sent, 'pullRequest'>>, time: string): RoundToWrite {
  const { submission } = sent;
  const answered = (kind: Exclude<ProposalAnswerKind, 'unanswered'>) => sent.proposals.filter((state) => state.answer.kind === kind).length;
  const reviewer = submission.reviewer ?? null;
  const acts: ThreadAct[] = (submission.threadActs ?? []).map((act) => ({ ...act, by: 'reviewer', reviewer, at: time }));
  return {
    series: series.id,
    target: series.target,
    baseCommit: series.baseCommit,
    number: series.earlier ? lastRound(series.earlier).record.number + 1 : 1,
    reviewer,
    time,
    verdict: submission.verdict,
    counts: {
      comments: submission.annotations.filter((annotation) => annotation.kind === 'comment').length,
      suggestions: submission.annotations.filter((annotation) => annotation.kind === 'suggestion').length,
      acts: acts.length,
      proposals: { accepted: answered('accepted'), edited: answered('edited'), rejected: answered('rejected') },
    },
    acts,
    viewed: [...(submission.viewed ?? [])].sort(),
    // The pull request it reviewed, so `redline publish` knows where the round goes (docs/rounds.md).
    ...(sent.pullRequest ? { pullRequest: { host: sent.pullRequest.host, owner: sent.pullRequest.owner, repo: sent.pullRequest.repo, number: sent.pullRequest.number, url: sent.pullRequest.url } } : {}),
  };
}
