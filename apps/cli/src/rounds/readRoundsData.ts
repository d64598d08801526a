/**
 * A series as the page and `redline rounds`/`threads` see it: its rounds,
 * the last round's annotations and blob ids, and every earlier annotation as
 * a thread (the core's computeThreads decides where and in what state).
 * Only the series' verified rounds open threads and act on them; a round
 * that only claims its reviewer is listed apart (`claims`). A thread whose
 * path is not a plain path of the reviewed tree is not read at all
 * (threadPaths.ts): it is listed in `refused` with the ref it came from.
 */
import {
  computeThreads,
  countActKinds,
  type Annotation,
  type RefusedThread,
  type ReviewRoundsData,
  type RoundClaim,
  type RoundSummary,
  type ThreadInput,
} from '@redline/core';
import { readObjectsBatch } from '../git/readObjectsBatch.js';
import { runGit } from '../git/runGit.js';
import { lastRound, refReviewerOf, type Series, type StoredRound } from './readSeries.js';
import { agentActsOf, type AgentAct } from './agentActs.js';
import { readNowTexts } from './readNowTexts.js';
import { readRoundSignatures } from './roundSignatures.js';
import { refusedThreadPaths } from './threadPaths.js';

export async function readRoundsData(root: string, series: Series): Promise<ReviewRoundsData> {
  const last = lastRound(series);
  const annotations = series.rounds.map((round) => round.annotations);
  const [lastStateBlobs, { threads, refused }, signatures] = await Promise.all([
    last.stateReadable ? readTreeBlobs(root, last.record.state) : null,
    readThreads(root, series, annotations),
    readRoundSignatures(root, [...series.rounds, ...series.claims].map((round) => round.commit)),
  ]);
  const summarize = (round: StoredRound): RoundSummary => ({ ...roundAndState(round), reviewer: round.record.reviewer, time: round.record.time, verdict: round.record.verdict, counts: { ...round.record.counts, threadActs: countActKinds(round.record.acts.flatMap((act) => (act.by === 'reviewer' ? [act] : []))) }, commit: round.commit, signature: signatures.get(round.commit) ?? { kind: 'unverifiable' } });
  return {
    seriesId: series.id,
    baseCommit: series.baseCommit,
    rounds: series.rounds.map(summarize),
    // The last round's annotations, less the refused ones (named in `refused`, never the page's to place).
    previousAnnotations: (annotations[annotations.length - 1] ?? []).filter((annotation) => !refused.some((thread) => thread.id === annotation.id)),
    lastStateBlobs,
    lastViewed: last.record.viewed ?? [],
    threads,
    fixSets: series.rounds.flatMap((round) => round.fixSets.map((set) => ({ round: round.record.number, set }))),
    claims: series.claims.map((round): RoundClaim => ({ ...summarize(round), ref: round.origin.ref, refReviewer: refReviewerOf(round) })),
    refused,
  };
}

/** A round's number and recorded state (what the since-round diff needs of it). */
export function roundAndState({ record, stateReadable }: StoredRound): Pick<RoundSummary, 'number' | 'state'> {
  return { number: record.number, state: { kind: stateReadable ? 'recorded' : 'missing', tree: record.state } };
}

type Opened = { round: StoredRound; annotation: Annotation };

async function readThreads(root: string, series: Series, annotations: readonly Annotation[][]): Promise<Pick<ReviewRoundsData, 'threads' | 'refused'>> {
  const seen = new Set<string>();
  const opened: Opened[] = [];
  series.rounds.forEach((round, i) => {
    for (const annotation of annotations[i] ?? []) {
      // An annotation carried into a later round stays the thread its first round opened.
      if (seen.has(annotation.id)) continue;
      seen.add(annotation.id);
      opened.push({ round, annotation });
    }
  });
  // Before anything is read for a path: a plain path of the reviewed tree, or the thread is refused by name.
  const refusedPaths = await refusedThreadPaths(root, series.target, opened.flatMap(({ annotation }) => (annotation.scope === 'general' ? [] : [annotation.path])));
  const refused: RefusedThread[] = [];
  const admitted = opened.filter(({ round, annotation }) => {
    const why = annotation.scope === 'general' ? undefined : refusedPaths.get(annotation.path);
    if (why !== undefined) refused.push({ id: annotation.id, round: round.record.number, ref: round.origin.ref, path: annotation.path, why });
    return why === undefined;
  });
  const lined = admitted.filter(({ annotation }) => annotation.scope === 'line');
  const paths = [...new Set(lined.map(({ annotation }) => annotation.path))];
  // Rounds often share a state (nothing changed in between): each file of each state is read once.
  const nameOf = ({ round, annotation }: Opened) => (round.stateReadable ? `${round.record.state}:${annotation.path}` : null);
  const names = [...new Set(lined.map(nameOf).filter((name): name is string => name !== null))];
  const actsNames = series.agentActsRefs.map((ref) => `${ref}:acts.json`);
  const [now, objects] = await Promise.all([readNowTexts(root, series.target, paths), readObjectsBatch(root, [...actsNames, ...names])]);
  const byName = new Map(names.map((name, i) => [name, objects[actsNames.length + i]]));
  const inputs: ThreadInput[] = admitted.map((item) => {
    const name = item.annotation.scope === 'line' ? nameOf(item) : null;
    const object = name === null ? null : byName.get(name);
    return { round: item.round.record.number, reviewer: item.round.record.reviewer, annotation: item.annotation, before: object?.type === 'blob' ? object.bytes.toString('utf8') : null, after: now.get(item.annotation.path) ?? null };
  });
  const agentActs = uniqueActs(actsNames.flatMap((_, i) => agentActsOf(objects[i] ?? null).acts));
  return { threads: computeThreads(inputs, [...series.rounds.flatMap((round) => round.record.acts), ...agentActs]), refused };
}

/** The agent's acts of this repository and those fetched share their earlier ones: each once. */
function uniqueActs(acts: readonly AgentAct[]): AgentAct[] {
  const seen = new Set<string>();
  return acts.filter((act) => {
    const key = JSON.stringify([act.thread, act.act, act.text, act.at]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
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
