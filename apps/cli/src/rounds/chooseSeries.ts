/**
 * Which series a review belongs to. A default `redline` continues
 * the newest open series of the working tree (last verdict not Approve)
 * while its base is still an ancestor of HEAD, even after the agent
 * committed: the review then keeps the series' base, so "all changes" still
 * means everything the agent did. `--base`, `--staged`, a commit or a range
 * continue only a series of exactly that target. `--new-series` starts one.
 *
 * The newest is chosen among the series of this repository's own refs (a
 * teammate's fetched series only when there is none): the one whose base
 * no other's base descends from (the commit graph), then the one whose own
 * round this Redline wrote last. A fetched series, whatever time its rounds
 * claim, never hides the reviewer's own (docs/rounds.md, "Rounds that can be
 * verified").
 */
import { randomBytes } from 'node:crypto';
import type { GitTarget, GitTargetSpec } from '../git/resolveTarget.js';
import { resolveTarget } from '../git/resolveTarget.js';
import { shortOid } from '../git/revisions.js';
import { runGit, runGitText } from '../git/runGit.js';
import { countOf } from '@redline/core';
import { lastRound, readAllSeries, type Series } from './readSeries.js';
import { newSeriesId } from './roundRefs.js';
import type { SeriesTarget } from './roundRecord.js';
import { skippedRefWarning } from '../terminal/forTerminal.js';

export interface OpenSeries {
  id: string;
  target: SeriesTarget;
  baseCommit: string;
  /** The series' rounds so far; null for a new series. */
  earlier: Series | null;
}

export interface SeriesChoice {
  target: GitTarget;
  /** null when the review cannot have rounds (a repository without commits). */
  series: OpenSeries | null;
}

export interface SeriesOptions {
  newSeries: boolean;
  note: (line: string) => void;
  /** The repository's git directory, when known (spares a git run). */
  gitDir?: string;
  /** A pull request's review (`OWNER/REPO#N`): its series is the pull request's, whatever its head now. */
  pullRequest?: string;
}

export async function chooseSeries(root: string, spec: GitTargetSpec, target: GitTarget, options: SeriesOptions): Promise<SeriesChoice> {
  const wanted = seriesTargetOf(target, options.pullRequest);
  const base = target.review.baseCommit;
  if (!wanted || base === null) return { target, series: null };
  const reading = await readAllSeries(root, options.gitDir);
  for (const { ref, reason } of reading.skipped) options.note(skippedRefWarning(ref, reason));
  const open = options.newSeries ? [] : reading.series.filter((series) => isOpenFor(series, wanted));
  const own = open.filter((series) => series.own);
  const candidates = own.length > 0 ? own : open;
  // A pull request's series goes on whatever its head and base became: the round view shows what the new commits changed.
  const found = wanted.kind === 'pull-request' ? (candidates.at(-1) ?? null) : await findContinued(root, spec, base, candidates, options.note);
  if (!found) {
    // A first round says nothing: stderr stays as it was before rounds (the round is named once recorded).
    const id = newSeriesId(base, randomBytes(3).toString('hex'));
    return { target, series: { id, target: wanted, baseCommit: base, earlier: null } };
  }
  options.note(`continuing review series ${found.id}, round ${lastRound(found).record.number + 1}; base ${shortOid(found.baseCommit)}`);
  const continued = found.baseCommit === base || wanted.kind === 'pull-request' ? target : await baseTargetSaid(root, found.baseCommit);
  return { target: continued, series: { id: found.id, target: wanted, baseCommit: found.baseCommit, earlier: found } };
}

export function seriesTargetOf(target: GitTarget, pullRequest?: string): SeriesTarget | null {
  if (pullRequest !== undefined && target.newSide.kind === 'commit') {
    return { kind: 'pull-request', pullRequest, newCommit: target.newSide.commit };
  }
  switch (target.newSide.kind) {
    case 'worktree':
      return { kind: 'worktree' };
    case 'index':
      return { kind: 'staged' };
    case 'commit':
      return { kind: 'commits', newCommit: target.newSide.commit };
  }
}

function isOpenFor(series: Series, wanted: SeriesTarget): boolean {
  if (lastRound(series).record.verdict === 'approve') return false;
  if (series.target.kind !== wanted.kind) return false;
  if (wanted.kind === 'pull-request') {
    return series.target.kind === 'pull-request' && series.target.pullRequest.toLowerCase() === wanted.pullRequest.toLowerCase();
  }
  return wanted.kind !== 'commits' || (series.target.kind === 'commits' && series.target.newCommit === wanted.newCommit);
}

/** The newest open series this review continues, or null (saying why when history moved under it). */
async function findContinued(root: string, spec: GitTargetSpec, base: string, open: readonly Series[], note: (line: string) => void): Promise<Series | null> {
  if (spec.kind !== 'working-tree') return [...open].reverse().find((series) => series.baseCommit === base) ?? null;
  const newest = await newestByAncestry(root, open);
  if (!newest) return null;
  // The review's own base is HEAD here: when the series' base is that commit, no merge-base run is needed (one git run less before the diff starts).
  if (newest.baseCommit === base || (await isAncestor(root, newest.baseCommit, 'HEAD'))) return newest;
  note(`redline: review series ${newest.id} has base ${shortOid(newest.baseCommit)}, which is no longer an ancestor of HEAD (history rewritten?); starting a new series`);
  return null;
}

/** The last of the series whose base no other's base descends from (one `merge-base --independent` when the bases differ). */
async function newestByAncestry(root: string, series: readonly Series[]): Promise<Series | undefined> {
  const bases = [...new Set(series.map((one) => one.baseCommit))];
  if (bases.length < 2) return series[series.length - 1];
  const result = await runGit(['merge-base', '--independent', ...bases], { cwd: root, okExitCodes: [0, 1, 128] });
  const newest = new Set(result.exitCode === 0 ? result.stdout.toString('utf8').split('\n').filter(Boolean) : bases);
  return [...series].reverse().find((one) => newest.has(one.baseCommit));
}

async function isAncestor(root: string, ancestor: string, of: string): Promise<boolean> {
  const result = await runGit(['merge-base', '--is-ancestor', ancestor, of], { cwd: root, okExitCodes: [0, 1, 128] });
  return result.exitCode === 0;
}

/**
 * The series' base once the agent committed past it, said by name: "Changes
 * since main (the series' base; 2 commits made since round 1 included,
 * working tree)", a branch that points at it or its short hash, never its 40
 * hex digits.
 */
async function baseTargetSaid(root: string, base: string): Promise<GitTarget> {
  const [target, branches, count] = await Promise.all([
    resolveTarget(root, { kind: 'base', ref: base }),
    runGitText(['for-each-ref', '--points-at', base, '--format=%(refname:short)', 'refs/heads/'], { cwd: root }),
    runGitText(['rev-list', '--count', `${base}..HEAD`], { cwd: root }),
  ]);
  const name = branches.split('\n').find((line) => line !== '') ?? shortOid(base);
  const since = countOf(Number(count.trim()), 'commit');
  target.review.description = `Changes since ${name} (the series' base; ${since} made since round 1 included, working tree)`;
  return target;
}
