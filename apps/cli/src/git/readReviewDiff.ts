/**
 * A review's diff from its git readings, run side by side: the tracked diff
 * (readTrackedDiff) and the untracked files, read with their pairing to the
 * tracked diff's deleted files as renames (pairUntrackedRenames: one run
 * gives the pairs and the unpaired untracked files) or alone when no deleted
 * file may pair. A paired file must appear once, as the pair, so its deleted
 * side leaves the tracked diff, which does not wait for the pairing to know
 * which: it starts at once and streams on through a PatchSectionGate, which
 * holds its text from the first deleted file that may pair until the pairing
 * is known, then drops the paired ones' sections. What is left is byte for
 * byte what the tracked diff gives without the paired paths (git diffs each
 * deleted file on its own, and a deleted file that git's rename detection
 * left unpaired is nobody's rename source), in the same order: so the same
 * patch, facts and fingerprint as reading the pairs first.
 */
import type { FileFacts } from '@redline/core';
import { PatchSectionGate } from '../patch/patchSectionGate.js';
import { gitDiffHeader } from '../patch/gitDiffHeader.js';
import { deletedThatMayPair, pairUntrackedRenames, type UntrackedRenames } from './pairUntrackedRenames.js';
import type { RawEntry } from './parseRawZ.js';
import type { StateProbe } from './readStateSignature.js';
import { readTrackedDiff, type TrackedReading } from './readTrackedDiff.js';
import { readUntrackedFiles, type UntrackedReading } from './readUntrackedFiles.js';
import type { GitTarget } from './resolveTarget.js';

export interface ReviewDiff {
  /** Without the paired deleted files. */
  tracked: TrackedReading;
  /** Without the paired untracked files; null when the target leaves untracked files out. */
  untracked: UntrackedReading | null;
  renames: UntrackedRenames | null;
}

/**
 * @param pairRenames pair deleted tracked files with untracked ones (only where the target includes untracked files)
 * @param onTrackedText the tracked diff's patch, in order, as it streams (the untracked and the pairs' patches are the caller's to append, in that order)
 */
export async function readReviewDiff(
  root: string,
  target: GitTarget,
  probe: StateProbe,
  ignoreWhitespace: boolean,
  pairRenames: boolean,
  onTrackedText: (text: string) => void,
): Promise<ReviewDiff> {
  const readUntracked = () => readUntrackedFiles(root, probe.untracked, ignoreWhitespace, probe.stats);
  const pairing = pairRenames && target.includeUntracked;
  let untracked: Promise<UntrackedReading | null> = target.includeUntracked && !pairing ? quiet(readUntracked()) : Promise.resolve(null);
  let renames: Promise<UntrackedRenames | null> = Promise.resolve(null);
  let gate = null as PatchSectionGate | null;
  // With pairing, the untracked files are read once the tracked diff's raw records are in (before any of its patch text): with its deleted files, if any may pair.
  const startUntracked = (raw: readonly RawEntry[]) => {
    const deleted = deletedThatMayPair(target, { deleted: raw.filter((entry) => entry.status === 'D'), untracked: probe.untracked });
    if (deleted.length === 0) {
      untracked = quiet(readUntracked());
      return;
    }
    const held = new PatchSectionGate(new Set(deleted.map((entry) => sameNameHeader(entry.path))), onTrackedText);
    gate = held;
    const both = pairUntrackedRenames(root, target, { deleted, untracked: probe.untracked }, ignoreWhitespace, probe.stats).then(async (found) => {
      held.decide(new Set([...(found?.renames?.oldPaths ?? [])].map(sameNameHeader)));
      return found ?? { renames: null, untracked: await readUntracked() };
    });
    untracked = quiet(both.then((found) => found.untracked));
    renames = quiet(both.then((found) => found.renames));
  };
  const tracked = await readTrackedDiff(root, target, ignoreWhitespace, (text) => (gate ? gate.push(text) : onTrackedText(text)), {
    worktreeStats: probe.stats,
    ...(pairing ? { onRaw: startUntracked } : {}),
  });
  const [read, found] = await Promise.all([untracked, renames]);
  gate?.end();
  if (!found) return { tracked, untracked: read, renames: found };
  const paired = new Set([...found.oldPaths].map(sameNameHeader));
  return { tracked: { ...tracked, entries: tracked.entries.filter((entry) => !paired.has(headerOf(entry.facts))) }, untracked: read, renames: found };
}

/** A reading awaited later: its failure is not an unhandled rejection meanwhile. */
function quiet<T>(reading: Promise<T>): Promise<T> {
  reading.catch(() => undefined);
  return reading;
}

/** The `diff --git` line of a file deleted or added under one name. */
function sameNameHeader(path: string): string {
  return gitDiffHeader(path, path);
}

function headerOf(facts: FileFacts): string {
  return gitDiffHeader(facts.oldPath ?? facts.path, facts.path);
}
