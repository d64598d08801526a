/**
 * The `round.json` of a round commit: what the round was, in a versioned
 * document. Read with a validator that names the first bad field, so a
 * corrupt or foreign commit is reported, never trusted.
 */
import { VERDICTS, type RoundCounts, type ThreadAct, type Verdict } from '@redline/core';

export const ROUND_FORMAT = 'redline-round';
export const ROUND_VERSION = 1;

/**
 * Which reviews belong to one series: the new side's kind and, for commits, which commits; for a
 * pull request, the pull request (`OWNER/REPO#N`), whichever head it had (its `newCommit` is the
 * head the round reviewed), so a pull request that moved continues its series.
 */
export type SeriesTarget =
  | { kind: 'worktree' }
  | { kind: 'staged' }
  | { kind: 'commits'; newCommit: string }
  | { kind: 'pull-request'; pullRequest: string; newCommit: string };

/** `OWNER/REPO#N`, as GitHub spells its names (bounded, so the test is linear). */
const PULL_REQUEST_RE = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}#[1-9][0-9]{0,9}$/;

export interface RoundRecord {
  format: typeof ROUND_FORMAT;
  version: typeof ROUND_VERSION;
  series: string;
  target: SeriesTarget;
  baseCommit: string;
  number: number;
  reviewer: string | null;
  time: string;
  verdict: Verdict;
  counts: RoundCounts;
  /** The reviewed state's tree id (also the commit tree's `state` entry). */
  state: string;
  acts: ThreadAct[];
  /** The files the reviewer had marked viewed at Send; absent in rounds recorded before marks were. */
  viewed?: string[];
  /** The pull request the round reviewed (`redline publish` posts the round there); absent for a local review. */
  pullRequest?: RoundPullRequest;
}

/** A round's pull request: its host, owner, repository and number, and its page. */
export interface RoundPullRequest {
  host: string;
  owner: string;
  repo: string;
  number: number;
  url: string;
}

export function readRoundRecord(text: string): RoundRecord | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'round.json is not JSON';
  }
  if (typeof value !== 'object' || value === null) return 'round.json is not an object';
  const record = value as Record<string, unknown>;
  if (record.format !== ROUND_FORMAT || record.version !== ROUND_VERSION) return `not a ${ROUND_FORMAT} version ${ROUND_VERSION} document`;
  const problem = firstProblem(record);
  return problem ?? (record as unknown as RoundRecord);
}

const OID_RE = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

function firstProblem(record: Record<string, unknown>): string | null {
  const checks: [string, boolean][] = [
    ['series', typeof record.series === 'string'],
    ['target', isTarget(record.target)],
    ['baseCommit', typeof record.baseCommit === 'string' && OID_RE.test(record.baseCommit)],
    ['number', Number.isInteger(record.number) && (record.number as number) >= 1],
    ['reviewer', record.reviewer === null || typeof record.reviewer === 'string'],
    ['time', typeof record.time === 'string' && !Number.isNaN(Date.parse(record.time))],
    ['verdict', (VERDICTS as readonly unknown[]).includes(record.verdict)],
    ['counts', typeof record.counts === 'object' && record.counts !== null],
    ['state', typeof record.state === 'string' && OID_RE.test(record.state)],
    ['acts', Array.isArray(record.acts)],
    ['viewed', record.viewed === undefined || (Array.isArray(record.viewed) && record.viewed.every((path) => typeof path === 'string'))],
    ['pullRequest', record.pullRequest === undefined || isPullRequest(record.pullRequest)],
  ];
  const bad = checks.find(([, ok]) => !ok);
  return bad ? `round.json: bad field '${bad[0]}'` : null;
}

function isTarget(value: unknown): value is SeriesTarget {
  if (typeof value !== 'object' || value === null) return false;
  const target = value as Record<string, unknown>;
  if (target.kind === 'worktree' || target.kind === 'staged') return true;
  const commitOk = typeof target.newCommit === 'string' && OID_RE.test(target.newCommit);
  if (target.kind === 'pull-request') return commitOk && typeof target.pullRequest === 'string' && PULL_REQUEST_RE.test(target.pullRequest);
  return target.kind === 'commits' && commitOk;
}

function isPullRequest(value: unknown): value is RoundPullRequest {
  if (typeof value !== 'object' || value === null) return false;
  const pull = value as Record<string, unknown>;
  const words = [pull.host, pull.owner, pull.repo, pull.url];
  return words.every((word) => typeof word === 'string' && word !== '') && Number.isInteger(pull.number) && (pull.number as number) >= 1;
}
