/**
 * A series as the page and `redline rounds`/`threads` see it: its rounds,
 * the last round's annotations and blob ids, and every earlier annotation as
 * a thread (the core's computeThreads decides where and in what state).
 */
import {
  computeThreads,
  countActKinds,
  type Annotation,
  type ReviewRoundsData,
  type RoundSummary,
  type ThreadInput,
} from '@redline/core';
import { readObjectsBatch } from '../git/readObjectsBatch.js';
import { runGit } from '../git/runGit.js';
import { lastRound, type Series, type StoredRound } from './readSeries.js';
import { agentActsName, agentActsOf } from './agentActs.js';
import { readNowTexts } from './readNowTexts.js';

export async function readRoundsData(root: string, series: Series): Promise<ReviewRoundsData> {
  const last = lastRound(series);
  const annotations = series.rounds.map((round) => round.annotations);
  const [lastStateBlobs, threads] = await Promise.all([last.stateReadable ? readTreeBlobs(root, last.record.state) : null, readThreads(root, series, annotations)]);
  return {
    seriesId: series.id,
    baseCommit: series.baseCommit,
    rounds: series.rounds.map(summarizeRound),
    previousAnnotations: annotations[annotations.length - 1] ?? [],
    lastStateBlobs,
    lastViewed: last.record.viewed ?? [],
    threads,
  };
}

export function summarizeRound({ record, commit, stateReadable }: StoredRound): RoundSummary {
  return {
    number: record.number,
    reviewer: record.reviewer,
    time: record.time,
    verdict: record.verdict,
    counts: { ...record.counts, threadActs: countActKinds(record.acts.flatMap((act) => (act.by === 'reviewer' ? [act] : []))) },
    commit,
    state: { kind: stateReadable ? 'recorded' : 'missing', tree: record.state },
  };
}

async function readThreads(root: string, series: Series, annotations: readonly Annotation[][]): Promise<ReviewRoundsData['threads']> {
  const seen = new Set<string>();
  const opened: { round: StoredRound; annotation: Annotation }[] = [];
  series.rounds.forEach((round, i) => {
    for (const annotation of annotations[i] ?? []) {
      // An annotation carried into a later round stays the thread its first round opened.
      if (seen.has(annotation.id)) continue;
      seen.add(annotation.id);
      opened.push({ round, annotation });
    }
  });
  const lined = opened.filter(({ annotation }) => annotation.scope === 'line');
  const paths = [...new Set(lined.map(({ annotation }) => annotation.path))];
  // Rounds often share a state (nothing changed in between): each file of each state is read once.
  const nameOf = ({ round, annotation }: (typeof opened)[number]) => (round.stateReadable ? `${round.record.state}:${annotation.path}` : null);
  const names = [...new Set(lined.map(nameOf).filter((name): name is string => name !== null))];
  const [now, [agentActs, ...before]] = await Promise.all([readNowTexts(root, series.target, paths), readObjectsBatch(root, [agentActsName(series.id), ...names])]);
  const byName = new Map(names.map((name, i) => [name, before[i]]));
  const inputs: ThreadInput[] = opened.map((item) => {
    const name = item.annotation.scope === 'line' ? nameOf(item) : null;
    const object = name === null ? null : byName.get(name);
    return { round: item.round.record.number, reviewer: item.round.record.reviewer, annotation: item.annotation, before: object?.type === 'blob' ? object.bytes.toString('utf8') : null, after: now.get(item.annotation.path) ?? null };
  });
  const agent = agentActsOf(agentActs ?? null);
  return computeThreads(inputs, [...series.rounds.flatMap((round) => round.record.acts), ...agent.acts]);
}

/** Path -> blob id of every file in a tree. */
export async function readTreeBlobs(root: string, tree: string): Promise<Record<string, string>> {
  const { stdout } = await runGit(['ls-tree', '-r', '-z', '--full-tree', tree], { cwd: root });
  const blobs: Record<string, string> = {};
  for (const entry of stdout.toString('utf8').split('\0')) {
    const match = /^\d+ (?:blob|commit) ([0-9a-f]+)\t(.*)$/s.exec(entry);
    if (match) blobs[match[2]!] = match[1]!;
  }
  return blobs;
}
