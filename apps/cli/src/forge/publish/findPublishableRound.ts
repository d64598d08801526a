/**
 * Which round `redline publish` and the page publish: one of this
 * repository's own rounds (never a teammate's fetched round, never a claim)
 * of a pull request's series (`redline <PR URL>`), read back whole (its review.json through the
 * core's reader). By default the latest such round; `--round` names one by
 * its round commit (7 hex digits or more) or by its number in the series of
 * the latest one.
 */
import { parseFeedbackJson, type FeedbackReview } from '@redline/core';
import { RedlineError } from '../../errors.js';
import { runGitText } from '../../git/runGit.js';
import { readAllSeries, type StoredRound } from '../../rounds/readSeries.js';
import type { RoundPullRequest } from '../../rounds/roundRecord.js';
import { REMOTE_ROUND_REF_PREFIX } from '../../rounds/roundRefs.js';

export type RoundChoice = { kind: 'latest' } | { kind: 'named'; id: string };

export interface PublishableRound {
  /** The round commit: the round's id in the review's hidden marker. */
  commit: string;
  number: number;
  pullRequest: RoundPullRequest;
  /** The series' base and the head the round reviewed (the pull request's diff is base...head). */
  baseCommit: string;
  headCommit: string;
  review: FeedbackReview;
}

const COMMIT_PREFIX_RE = /^[0-9a-f]{7,64}$/;
const NUMBER_RE = /^[1-9][0-9]{0,8}$/;

export async function findPublishableRound(root: string, choice: RoundChoice): Promise<PublishableRound> {
  const { series } = await readAllSeries(root);
  const own = series.flatMap((one) => one.rounds.filter((round) => isOwn(round) && round.record.target.kind === 'pull-request'));
  // Newest first: by time, then number (a round's time is its Send's).
  own.sort((a, b) => b.record.time.localeCompare(a.record.time) || b.record.number - a.record.number);
  const latest = own[0];
  if (latest === undefined) {
    throw new RedlineError('no-series', 'no round of a pull request to publish in this repository: review one with redline <pull request URL> and send it first');
  }
  const round = choice.kind === 'latest' ? latest : named(own, latest, choice.id);
  return readWhole(root, round);
}

function isOwn(round: StoredRound): boolean {
  return round.origin.kind === 'own-ref' && !round.origin.ref.startsWith(REMOTE_ROUND_REF_PREFIX);
}

function named(own: readonly StoredRound[], latest: StoredRound, id: string): StoredRound {
  const found = NUMBER_RE.test(id)
    ? own.filter((round) => round.record.series === latest.record.series && round.record.number === Number(id))
    : COMMIT_PREFIX_RE.test(id)
      ? own.filter((round) => round.commit.startsWith(id))
      : null;
  if (found === null) throw new RedlineError('usage', `--round takes a round number or a round commit (7 hex digits or more), not ${JSON.stringify(id.slice(0, 80))}`);
  if (found.length > 1) throw new RedlineError('usage', `--round ${id} names ${found.length} rounds: give more of the commit`);
  const round = found[0];
  if (round === undefined) throw new RedlineError('no-series', `no round ${id} of a pull request among this repository's own rounds (redline rounds lists them)`);
  return round;
}

async function readWhole(root: string, round: StoredRound): Promise<PublishableRound> {
  const text = await runGitText(['cat-file', 'blob', `${round.commit}:review.json`], { cwd: root });
  const parsed = parseFeedbackJson(text);
  if (!parsed.ok) throw new RedlineError('bad-input', `round ${round.record.number}'s review.json cannot be read: ${parsed.errors[0]?.message ?? 'no review'}`);
  const { record } = round;
  if (record.target.kind !== 'pull-request') throw new RedlineError('internal', `round ${record.number} is not of a pull request`);
  return {
    commit: round.commit,
    number: record.number,
    pullRequest: record.pullRequest ?? pullRequestOfName(record.target.pullRequest),
    // The base this round reviewed (a pull request's base may have moved since its series began).
    baseCommit: parsed.review.target.baseCommit ?? record.baseCommit,
    headCommit: record.target.newCommit,
    review: parsed.review,
  };
}

/** `OWNER/REPO#N` (the series' name for it) on github.com, for a round that recorded no more. */
function pullRequestOfName(name: string): RoundPullRequest {
  const [path = '', number = ''] = name.split('#');
  const [owner = '', repo = ''] = path.split('/');
  return { host: 'github.com', owner, repo, number: Number(number), url: `https://github.com/${owner}/${repo}/pull/${number}` };
}
