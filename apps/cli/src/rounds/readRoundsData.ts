/**
 * A series as the page and `redline rounds`/`threads` see it: its rounds,
 * the last round's annotations and blob ids, and every earlier annotation as
 * a thread (the core's computeThreads decides where and in what state).
 */
import {
  parseFeedbackJson,
  computeThreads,
  type Annotation,
  type ReviewRoundsData,
  type RoundSummary,
  type ThreadInput,
} from '@redline/core';
import { readObjectsBatch } from '../git/readObjectsBatch.js';
import { runGit } from '../git/runGit.js';
import { lastRound, type Series, type StoredRound } from './readSeries.js';
import { readNowTexts } from './readNowTexts.js';

export async function readRoundsData(root: string, series: Series): Promise<ReviewRoundsData> {
  const annotations = await readRoundAnnotations(root, series.rounds);
  const last = lastRound(series);
  const threads = await readThreads(root, series, annotations);
  return {
    seriesId: series.id,
    baseCommit: series.baseCommit,
    rounds: series.rounds.map(summarize),
    previousAnnotations: annotations[annotations.length - 1] ?? [],
    lastStateBlobs: last.stateReadable ? await readTreeBlobs(root, last.record.state) : null,
    threads,
  };
}

function summarize({ record, commit, stateReadable }: StoredRound): RoundSummary {
  return {
    number: record.number,
    reviewer: record.reviewer,
    time: record.time,
    verdict: record.verdict,
    counts: record.counts,
    commit,
    state: { kind: stateReadable ? 'recorded' : 'missing', tree: record.state },
  };
}

/** Each round's annotations, from its review.json (none when that cannot be read). */
async function readRoundAnnotations(root: string, rounds: readonly StoredRound[]): Promise<Annotation[][]> {
  const objects = await readObjectsBatch(root, rounds.map((round) => `${round.commit}:review.json`));
  return objects.map((object) => {
    const parsed = object?.type === 'blob' ? parseFeedbackJson(object.bytes.toString('utf8')) : null;
    return parsed?.ok ? parsed.review.annotations : [];
  });
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
  const [now, before] = await Promise.all([
    readNowTexts(root, series.target, paths),
    readObjectsBatch(root, lined.map(({ round, annotation }) => (round.stateReadable ? `${round.record.state}:${annotation.path}` : '\n'))),
  ]);
  const beforeOf = new Map(lined.map((item, i) => [item, before[i]]));
  const inputs: ThreadInput[] = opened.map((item) => {
    const object = beforeOf.get(item);
    return { round: item.round.record.number, annotation: item.annotation, before: object?.type === 'blob' ? object.bytes.toString('utf8') : null, after: now.get(item.annotation.path) ?? null };
  });
  return computeThreads(inputs, series.rounds.flatMap((round) => round.record.acts));
}

/** Path -> blob id of every file in a tree. */
async function readTreeBlobs(root: string, tree: string): Promise<Record<string, string>> {
  const { stdout } = await runGit(['ls-tree', '-r', '-z', '--full-tree', tree], { cwd: root });
  const blobs: Record<string, string> = {};
  for (const entry of stdout.toString('utf8').split('\0')) {
    const match = /^\d+ (?:blob|commit) ([0-9a-f]+)\t(.*)$/s.exec(entry);
    if (match) blobs[match[2]!] = match[1]!;
  }
  return blobs;
}
