/**
 * A review's diff from its three git readings, run side by side: the tracked
 * diff (readTrackedDiff), the untracked files (readUntrackedFiles) and the
 * pairing of deleted tracked files with untracked ones as renames
 * (pairUntrackedRenames). A paired file must appear once, as the pair, so
 * its deleted side leaves the tracked diff and its new side the untracked
 * files; neither waits for the pairing to know which. The tracked diff
 * streams on through a PatchSectionGate, which holds its text from the first
 * deleted file that may pair until the pairing is known, then drops the
 * paired ones' sections; the untracked diff covers every untracked file and
 * the paired ones are dropped from it. What is left is byte for byte what
 * the two diffs give without the paired paths (git diffs each deleted or
 * intent-to-add file on its own, and a deleted file that git's rename
 * detection left unpaired is nobody's rename source), in the same order:
 * so the same patch, facts and fingerprint as reading them after the pairing.
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
  const untracked = target.includeUntracked ? readUntrackedFiles(root, probe.untracked, ignoreWhitespace, probe.stats) : Promise.resolve(null);
  // Started from the tracked diff's own deleted files, once its raw records are in (before any of its patch text).
  let pairing = null as { gate: PatchSectionGate; renames: Promise<UntrackedRenames | null> } | null;
  const startPairing = (raw: readonly RawEntry[]) => {
    const candidates = { deleted: raw.filter((entry) => entry.status === 'D'), untracked: probe.untracked };
    const deleted = deletedThatMayPair(target, candidates);
    if (deleted.length === 0) return;
    const gate = new PatchSectionGate(new Set(deleted.map((entry) => sameNameHeader(entry.path))), onTrackedText);
    const renames = pairUntrackedRenames(root, target, { deleted, untracked: probe.untracked }, ignoreWhitespace, probe.stats).then((found) => {
      gate.decide(new Set([...(found?.oldPaths ?? [])].map(sameNameHeader)));
      return found;
    });
    renames.catch(() => undefined); // awaited below, once the tracked diff is read
    pairing = { gate, renames };
  };
  const [tracked, read] = await Promise.all([
    readTrackedDiff(root, target, ignoreWhitespace, (text) => (pairing ? pairing.gate.push(text) : onTrackedText(text)), {
      worktreeStats: probe.stats,
      ...(pairRenames && target.includeUntracked ? { onRaw: startPairing } : {}),
    }),
    untracked,
  ]);
  if (!pairing) return { tracked, untracked: read, renames: null };
  const renames = await pairing.renames;
  pairing.gate.end();
  if (!renames) return { tracked, untracked: read, renames };
  const paired = new Set([...renames.oldPaths].map(sameNameHeader));
  return {
    tracked: { ...tracked, entries: tracked.entries.filter((entry) => !paired.has(headerOf(entry.facts))) },
    untracked: read && leaveOut(read, renames.newPaths),
    renames,
  };
}

/** The untracked files' reading without `paths` (their sections and entries). */
function leaveOut(reading: UntrackedReading, paths: ReadonlySet<string>): UntrackedReading {
  const headers = new Set([...paths].map(sameNameHeader));
  const kept: string[] = [];
  const gate = new PatchSectionGate(headers, (text) => kept.push(text));
  gate.decide(headers);
  gate.push(reading.patch);
  gate.end();
  return { ...reading, patch: kept.join(''), entries: reading.entries.filter((entry) => !paths.has(entry.facts.path)) };
}

/** The `diff --git` line of a file deleted or added under one name. */
function sameNameHeader(path: string): string {
  return gitDiffHeader(path, path);
}

function headerOf(facts: FileFacts): string {
  return gitDiffHeader(facts.oldPath ?? facts.path, facts.path);
}
