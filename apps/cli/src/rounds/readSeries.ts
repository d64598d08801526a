/**
 * Every series under refs/redline/, read in a fixed handful of git runs
 * however many rounds there are (for-each-ref, one batch for the tips, one
 * rev-list, one batch for every round): start-up with 100 earlier rounds
 * must stay within 50 ms of none (bench/roundsBench.mjs).
 *
 * Anything that is not a round — a ref of another shape, a ref to a
 * non-commit, a commit without a readable round.json — is reported by name
 * in `skipped` and left alone: never fatal, never rewritten.
 */
import { readObjectsBatch } from '../git/readObjectsBatch.js';
import { runGit, runGitText } from '../git/runGit.js';
import { parseRoundRef, ROUND_REF_PREFIX } from './roundRefs.js';
import { readRoundRecord, type RoundRecord, type SeriesTarget } from './roundRecord.js';

export interface StoredRound {
  record: RoundRecord;
  commit: string;
  /** The state tree can be read (it may be missing from a partial fetch or a damaged store). */
  stateReadable: boolean;
}

export interface Series {
  id: string;
  target: SeriesTarget;
  baseCommit: string;
  /** Oldest first: by number, then time. */
  rounds: StoredRound[];
  /** Round ref name -> the commit it points at (each reviewer's own ref). */
  tips: Map<string, string>;
}

export interface SeriesReading {
  series: Series[];
  skipped: { ref: string; reason: string }[];
}

/** Walking further back than this from a tip is refused: a round series is not a project's history. */
const MAX_ROUNDS_WALKED = 10_000;

export async function readAllSeries(root: string): Promise<SeriesReading> {
  const skipped: SeriesReading['skipped'] = [];
  const refs = await listRoundRefs(root, skipped);
  const tipRecords = await readRecords(root, refs.map((ref) => ref.oid));
  const tips = refs.filter((ref, i) => {
    const record = tipRecords[i]!;
    if (typeof record === 'string') skipped.push({ ref: ref.name, reason: record });
    else if (record.series !== ref.series) skipped.push({ ref: ref.name, reason: `its round belongs to series ${record.series}` });
    else return true;
    return false;
  });
  if (tips.length === 0) return { series: [], skipped };
  const tipIds = [...new Set(tips.map((tip) => tip.oid))];
  const walked = await runGit(['rev-list', `--max-count=${MAX_ROUNDS_WALKED}`, ...tipIds], { cwd: root, okExitCodes: [0, 128] });
  // A damaged history (a parent missing from the store) still lists the tips.
  const commits = walked.exitCode === 0 ? walked.stdout.toString('utf8').split('\n').filter((line) => line !== '') : tipIds;
  const rounds = await readRounds(root, commits);
  return { series: groupSeries(tips, rounds), skipped };
}

interface RefLine {
  name: string;
  oid: string;
  series: string;
}

async function listRoundRefs(root: string, skipped: SeriesReading['skipped']): Promise<RefLine[]> {
  const text = await runGitText(['for-each-ref', '--format=%(refname)%00%(objectname)%00%(objecttype)', ROUND_REF_PREFIX], { cwd: root });
  const refs: RefLine[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const [name = '', oid = '', type = ''] = line.split('\0');
    const parsed = parseRoundRef(name);
    if (!parsed) skipped.push({ ref: name, reason: 'not a round ref (refs/redline/<series>/<reviewer>/rounds)' });
    else if (type !== 'commit') skipped.push({ ref: name, reason: `points at a ${type || 'missing object'}, not a round commit` });
    else refs.push({ name, oid, series: parsed.series });
  }
  return refs;
}

/** Each commit's round.json, or why it is not a round. */
async function readRecords(root: string, commits: readonly string[]): Promise<(RoundRecord | string)[]> {
  const objects = await readObjectsBatch(root, commits.map((commit) => `${commit}:round.json`));
  return objects.map((object) => (object?.type === 'blob' ? readRoundRecord(object.bytes.toString('utf8')) : 'no round.json in its tree'));
}

async function readRounds(root: string, commits: readonly string[]): Promise<StoredRound[]> {
  const records = await readRecords(root, commits);
  const states = await runGit(['cat-file', '--batch-check=%(objecttype)'], {
    cwd: root,
    input: commits.map((commit) => `${commit}:state\n`).join(''),
  });
  const stateTypes = states.stdout.toString('utf8').split('\n');
  const rounds: StoredRound[] = [];
  commits.forEach((commit, i) => {
    const record = records[i];
    // A walked commit that is no round (a foreign parent) ends nothing: it is just not listed.
    if (record && typeof record !== 'string') rounds.push({ record, commit, stateReadable: stateTypes[i] === 'tree' });
  });
  return rounds;
}

function groupSeries(tips: readonly RefLine[], rounds: readonly StoredRound[]): Series[] {
  const bySeries = new Map<string, Series>();
  for (const round of rounds) {
    const { series: id, target, baseCommit } = round.record;
    let series = bySeries.get(id);
    if (!series) bySeries.set(id, (series = { id, target, baseCommit, rounds: [], tips: new Map() }));
    series.rounds.push(round);
  }
  for (const tip of tips) bySeries.get(tip.series)?.tips.set(tip.name, tip.oid);
  for (const series of bySeries.values()) {
    series.rounds.sort((a, b) => a.record.number - b.record.number || a.record.time.localeCompare(b.record.time));
  }
  return [...bySeries.values()].sort((a, b) => lastTime(a).localeCompare(lastTime(b)));
}

export function lastRound(series: Series): StoredRound {
  return series.rounds[series.rounds.length - 1]!;
}

function lastTime(series: Series): string {
  return lastRound(series).record.time;
}
