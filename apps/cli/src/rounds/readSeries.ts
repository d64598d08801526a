/**
 * Every series under refs/redline/, read in a fixed handful of git runs
 * however many rounds there are (for-each-ref, rev-list, and for rounds not
 * yet in the cache one batch of objects and one check of their states):
 * start-up with 100 earlier rounds must stay within 50 ms of none
 * (bench/roundsBench.mjs).
 *
 * Anything that is not a round — a ref of another shape, a ref to a
 * non-commit, a commit without a readable round.json — is reported by name
 * in `skipped` and left alone: never fatal, never rewritten.
 */
import { isForgeRef } from '../forge/github/fetchPullRequest.js';
import { claimWords, parseFeedbackJson, reviewerOfSlug, type Annotation } from '@redline/core';
import { readObjectsBatch } from '../git/readObjectsBatch.js';
import { runGit, runGitText } from '../git/runGit.js';
import { loadRoundCache, roundCacheKey, roundCachePath, saveRoundCache, type CachedRound, type RoundCache } from './roundCache.js';
import { agentActsSeries, parseRoundRef, REMOTE_ROUND_REF_PREFIX, ROUND_REF_PREFIX, type RoundRef } from './roundRefs.js';
import { readRoundRecord, type RoundRecord, type SeriesTarget } from './roundRecord.js';
import { roundOrigins, type RoundOrigin } from './roundOrigins.js';

export interface StoredRound {
  record: RoundRecord;
  commit: string;
  /** The round's annotations, from its review.json (none when that cannot be read). */
  annotations: Annotation[];
  /** The state tree can be read (it may be missing from a partial fetch or a damaged store). */
  stateReadable: boolean;
  /** The ref it was written under, and whether its reviewer is that ref's name (roundOrigins.ts). */
  origin: RoundOrigin;
}

export interface Series {
  id: string;
  target: SeriesTarget;
  baseCommit: string;
  /** Its reviewers' own rounds, oldest first: by number, then time. */
  rounds: StoredRound[];
  /** Rounds that only claim their reviewer: listed, no effect on any thread or on what the series continues from. */
  claims: StoredRound[];
  /** Round ref name -> the commit it points at (each reviewer's own ref, and the fetched ones). */
  tips: Map<string, string>;
  /** The agent's acts refs of the series: this repository's own, then fetched ones. */
  agentActsRefs: string[];
  /** A ref of this repository's own points into it (not only fetched ones under refs/redline/remotes/). */
  own: boolean;
}

export interface SeriesReading {
  series: Series[];
  skipped: { ref: string; reason: string }[];
}

/** Walking further back than this from a tip is refused: a round series is not a project's history. */
const MAX_ROUNDS_WALKED = 10_000;

/** @param gitDir the repository's git directory when known (one git run less) */
export async function readAllSeries(root: string, gitDir?: string): Promise<SeriesReading> {
  const skipped: SeriesReading['skipped'] = [];
  const dir = gitDir === undefined ? runGitText(['rev-parse', '--absolute-git-dir'], { cwd: root }).then((text) => text.trim()) : Promise.resolve(gitDir);
  const cachePath = dir.then(roundCachePath);
  // The cache is read while for-each-ref runs, and used only if it was written for the refs listed (roundCache.ts).
  const agentActsRefs = new Map<string, string[]>();
  const listing = runGitText(['for-each-ref', '--format=%(refname)%00%(objectname)%00%(objecttype)', ROUND_REF_PREFIX], { cwd: root });
  const key = listing.then(roundCacheKey);
  const [refs, cache] = await Promise.all([listing.then((text) => listRoundRefs(text, skipped, agentActsRefs)), cachePath.then((path) => loadRoundCache(path, key))]);
  if (refs.length === 0) return { series: [], skipped };
  const known = cache.size;
  const tipRounds = await readRounds(root, refs.map((ref) => ref.oid), cache);
  const tips = refs.filter((ref, i) => {
    const round = tipRounds[i]!;
    if (typeof round === 'string') skipped.push({ ref: ref.name, reason: round });
    else if (round.record.series !== ref.series) skipped.push({ ref: ref.name, reason: `its round belongs to series ${round.record.series}` });
    else return true;
    return false;
  });
  if (tips.length === 0) return { series: [], skipped };
  const parents = new Map<string, string[]>();
  const commits = await walkRounds(root, [...new Set(tips.map((tip) => tip.oid))], cache, parents);
  const read = new Map<string, CachedRound>();
  (await readRounds(root, commits, cache, parents)).forEach((round, i) => {
    // A walked commit that is no round (a foreign parent) ends nothing: it is just not listed.
    if (typeof round !== 'string') read.set(commits[i]!, round);
  });
  const origins = roundOrigins(tips, new Map([...read].map(([commit, round]) => [commit, { reviewer: round.record.reviewer, parents: round.parents }])));
  const rounds = [...read].flatMap(([commit, round]) => {
    const origin = origins.get(commit);
    return origin ? [{ record: round.record, annotations: round.annotations, stateReadable: round.stateReadable, commit, origin }] : [];
  });
  if (cache.size > known) await saveRoundCache(await cachePath, cache, await key);
  return { series: groupSeries(tips, rounds, agentActsRefs, skipped), skipped };
}

interface RefLine extends RoundRef {
  oid: string;
}

function listRoundRefs(text: string, skipped: SeriesReading['skipped'], agentActsRefs: Map<string, string[]>): RefLine[] {
  const refs: RefLine[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const [name = '', oid = '', type = ''] = line.split('\0');
    const parsed = parseRoundRef(name);
    const actsOf = agentActsSeries(name);
    // A teammate's copy of their own fetched refs (pushed with 'refs/redline/*' alone): nothing of theirs, never read.
    if (name.startsWith(REMOTE_ROUND_REF_PREFIX) && name.split('/')[4] === 'remotes') continue;
    // A pull request's fetched sides (forge/github/fetchPullRequest.ts), here or in a teammate's copy: not rounds.
    if (isForgeRef(name)) continue;
    if (actsOf !== null) agentActsRefs.set(actsOf, [...(agentActsRefs.get(actsOf) ?? []), name]);
    else if (!parsed) skipped.push({ ref: name, reason: 'not a round ref (refs/redline/[remotes/<remote>/]<series>/<reviewer>/rounds)' });
    else if (type !== 'commit') skipped.push({ ref: name, reason: `points at a ${type || 'missing object'}, not a round commit` });
    else refs.push({ ...parsed, oid });
  }
  // This repository's own refs first: a round both reach is named with its own ref.
  return refs.sort((a, b) => Number(a.remote !== null) - Number(b.remote !== null));
}

/**
 * Every commit reachable from the tips: through the cached parents, and by
 * one `rev-list --parents` from the commits the cache does not know yet
 * (whose parents it then records in `parents`).
 */
async function walkRounds(root: string, tips: readonly string[], cache: RoundCache, parents: Map<string, string[]>): Promise<string[]> {
  const seen = new Set<string>();
  const unknown: string[] = [];
  const stack = [...tips];
  while (stack.length > 0 && seen.size < MAX_ROUNDS_WALKED) {
    const commit = stack.pop()!;
    if (seen.has(commit)) continue;
    seen.add(commit);
    const cached = cache.get(commit);
    if (cached) stack.push(...cached.parents);
    else unknown.push(commit);
  }
  if (unknown.length === 0) return [...seen];
  const walked = await runGit(['rev-list', '--parents', `--max-count=${MAX_ROUNDS_WALKED}`, ...unknown], { cwd: root, okExitCodes: [0, 128] });
  // A damaged history (a parent missing from the store) still lists what was found.
  if (walked.exitCode !== 0) return [...seen];
  for (const line of walked.stdout.toString('utf8').split('\n')) {
    const [commit, ...rest] = line.split(' ');
    if (!commit) continue;
    parents.set(commit, rest);
    seen.add(commit);
  }
  return [...seen];
}

/** Each commit as a round (from the cache, else read and cached), or why it is not one. */
async function readRounds(root: string, commits: readonly string[], cache: RoundCache, parents: ReadonlyMap<string, string[]> = new Map()): Promise<(CachedRound | string)[]> {
  const missing = [...new Set(commits.filter((commit) => !cache.has(commit)))];
  const objects = await readObjectsBatch(root, missing.flatMap((commit) => [`${commit}:round.json`, `${commit}:review.json`]));
  const why = new Map<string, string>();
  const tipsRead = new Map<string, CachedRound>();
  const found: { commit: string; record: RoundRecord; annotations: Annotation[] }[] = [];
  missing.forEach((commit, i) => {
    const [record, review] = [objects[2 * i], objects[2 * i + 1]];
    const parsed = record?.type === 'blob' ? readRoundRecord(record.bytes.toString('utf8')) : 'no round.json in its tree';
    if (typeof parsed === 'string') why.set(commit, parsed);
    else found.push({ commit, record: parsed, annotations: review?.type === 'blob' ? annotationsOf(review.bytes) : [] });
  });
  // By the id round.json names (the commit tree's `state` entry): one object read each.
  const states = found.length === 0 ? '' : await runGitText(['cat-file', '--batch-check=%(objecttype)'], { cwd: root, input: found.map(({ record }) => `${record.state}\n`).join('') });
  const stateTypes = states.split('\n');
  found.forEach((round, i) => {
    // A tip read before the walk learns its parents from the walk: it is only cached once they are known.
    const known = parents.get(round.commit);
    const entry = { record: round.record, parents: known ?? [], annotations: round.annotations, stateReadable: stateTypes[i] === 'tree' };
    if (known) cache.set(round.commit, entry);
    else tipsRead.set(round.commit, entry);
  });
  return commits.map((commit) => cache.get(commit) ?? tipsRead.get(commit) ?? why.get(commit) ?? 'not a round');
}

function annotationsOf(bytes: Buffer): Annotation[] {
  const parsed = parseFeedbackJson(bytes.toString('utf8'));
  return parsed.ok ? parsed.review.annotations : [];
}

function groupSeries(tips: readonly RefLine[], rounds: readonly StoredRound[], agentActsRefs: ReadonlyMap<string, string[]>, skipped: SeriesReading['skipped']): Series[] {
  const bySeries = new Map<string, Series>();
  // A series' target and base are its verified rounds' (a claim may say anything): those are met first.
  for (const round of [...rounds].sort((a, b) => Number(a.origin.kind === 'claim') - Number(b.origin.kind === 'claim'))) {
    const { series: id, target, baseCommit } = round.record;
    let series = bySeries.get(id);
    if (!series) bySeries.set(id, (series = { id, target, baseCommit, rounds: [], claims: [], tips: new Map(), agentActsRefs: agentActsRefs.get(id) ?? [], own: false }));
    (round.origin.kind === 'own-ref' ? series.rounds : series.claims).push(round);
  }
  const ownTips = new Set<string>();
  for (const tip of tips) {
    const series = bySeries.get(tip.series);
    series?.tips.set(tip.name, tip.oid);
    if (series && tip.remote === null) {
      series.own = true;
      ownTips.add(tip.oid);
    }
  }
  const byNumber = (a: StoredRound, b: StoredRound) => a.record.number - b.record.number || a.record.time.localeCompare(b.record.time);
  for (const series of bySeries.values()) {
    series.rounds.sort(byNumber);
    series.claims.sort(byNumber);
    // The newest verified round's target: a pull request's series moves to each new head it reviewed.
    const newest = series.rounds.at(-1);
    if (newest) series.target = newest.record.target;
    if (series.rounds.length > 0) continue;
    // Claims alone make no series: said by name, as any other round that is not one.
    bySeries.delete(series.id);
    for (const claim of series.claims) skipped.push({ ref: claim.origin.ref, reason: `round ${claim.record.number} of series ${series.id} ${claimWords({ reviewer: claim.record.reviewer, refReviewer: refReviewerOf(claim) })}; no round of the series is its reviewer's own` });
  }
  // Oldest first, the one to continue last: fetched series before this repository's own, so no fetched
  // series hides the reviewer's; then by the time of the series' own tips (written by this Redline alone).
  const ownTime = (series: Series) => series.rounds.filter((round) => ownTips.has(round.commit)).reduce((latest, round) => (round.record.time > latest ? round.record.time : latest), '');
  return [...bySeries.values()].sort((a, b) => Number(a.own) - Number(b.own) || (ownTime(a) || lastTime(a)).localeCompare(ownTime(b) || lastTime(b)));
}

/** The name of the ref a round was written under (a claim's: its slug read back). */
export function refReviewerOf(round: StoredRound): string | null {
  return round.origin.kind === 'claim' ? reviewerOfSlug(round.origin.refSlug) : round.record.reviewer;
}

export function lastRound(series: Series): StoredRound {
  return series.rounds[series.rounds.length - 1]!;
}

function lastTime(series: Series): string {
  return lastRound(series).record.time;
}
