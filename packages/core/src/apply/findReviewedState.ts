/**
 * Part of step 3: could a changed file be exactly "the reviewed file with
 * some of these suggestions already applied"? This is what makes a second
 * `redline apply` a safe no-op.
 */
import { joinText, type Eol, type TextLayout } from '../diff/lines.js';
import { sha256Hex } from '../safety/sha256.js';
import { linesAt, sameLines, suggestedSpan } from './linesAt.js';
import { alignRuns, spliceBlocks, type SpliceBlock } from './spliceBlocks.js';
import type { Candidate } from './toCandidate.js';

/** At most this many "already applied" combinations are hashed against the revision... */
const MAX_REVISION_PROBES = 64;
/** ...and at most about this many bytes hashed in all (the pure-JS sha256 does ~30 MB/s). */
const MAX_PROBE_BYTES = 32 * 1024 * 1024;
const MAX_SEARCH_STEPS = 20_000;

interface ProbeStep {
  candidate: Candidate;
  pos: number;
  /** Lines added above by the suggestions already applied. */
  shift: number;
  applied: boolean;
  /** File lines the step covers: its original's, or its suggested code's. */
  length: number;
}

/**
 * Searches for a proof that the file is the reviewed revision with some of
 * these suggestions already applied: a choice, for each suggestion, of
 * "applied" (its suggested code is where it belongs) or "pending" (its
 * original is), whose reversal hashes to the revision.
 *
 * Reverting restores the original lines, but a removed line's terminator is
 * gone from the file; each reverted block tries the terminators of its
 * neighbours, then the dominant one, then the others. Bounded: at most
 * MAX_REVISION_PROBES hashes and MAX_PROBE_BYTES hashed; null when nothing is
 * proven (the line by line rules then decide).
 */
export function findReviewedState(sorted: readonly Candidate[], layout: TextLayout): ProbeStep[] | null {
  const lines = layout.lines;
  const revision = sorted[0]!.revision;
  const approximateBytes = layout.lines.reduce((n, line) => n + line.length + 2, 1);
  let probes = Math.max(1, Math.min(MAX_REVISION_PROBES, Math.floor(MAX_PROBE_BYTES / approximateBytes)));
  let steps = MAX_SEARCH_STEPS;
  const path: ProbeStep[] = [];

  const revertMatches = (): boolean => {
    const applied = path.filter((step) => step.applied);
    // With nothing applied the file would be the revision itself, which it is not.
    if (applied.length === 0) return false;
    const options = applied.map((step) => terminatorGuesses(layout, step));
    const choice = options.map(() => 0);
    for (;;) {
      if (probes-- <= 0) return false;
      const reverted = applied.map(
        (step, k): SpliceBlock => ({
          pos: step.pos,
          removed: step.candidate.suggested.slice(0, step.length),
          inserted: step.candidate.original,
          newEol: options[k]![choice[k]!]!,
        }),
      );
      // A suggested empty last line that only survives as the final newline
      // means the reviewed file had none; an empty file says nothing about it.
      const endedBare = applied.some((step) => step.length < step.candidate.suggested.length);
      const endings = lines.length === 0 ? [false, true] : [endedBare];
      for (const ending of endings) {
        if (sha256Hex(joinText(spliceBlocks(layout, reverted, ending))) === revision) return true;
      }
      // Next combination, odometer style.
      let k = 0;
      while (k < choice.length && ++choice[k]! === options[k]!.length) choice[k++] = 0;
      if (k === choice.length) return false;
    }
  };

  const search = (i: number, shift: number): boolean => {
    if (--steps < 0 || probes <= 0) return false;
    if (i === sorted.length) return revertMatches();
    const c = sorted[i]!;
    const pos = c.startLine - 1 + shift;
    const appliedLength = c.emptyInsert ? (sameLines(lines, c.suggested) ? lines.length : -1) : suggestedSpan(layout, pos, c.suggested);
    if (appliedLength >= 0) {
      path.push({ candidate: c, pos, shift, applied: true, length: appliedLength });
      if (search(i + 1, shift + appliedLength - c.original.length)) return true;
      path.pop();
    }
    const pendingHolds = c.emptyInsert ? lines.length === 0 : linesAt(lines, pos, c.original);
    if (pendingHolds) {
      path.push({ candidate: c, pos, shift, applied: false, length: c.original.length });
      if (search(i + 1, shift)) return true;
      path.pop();
    }
    return false;
  };
  return search(0, 0) ? path : null;
}

/** Terminators worth trying for the lines a reversal restores: the neighbours', the dominant, then the rest. */
function terminatorGuesses(layout: TextLayout, step: ProbeStep): Eol[] {
  const needsGuess = alignRuns(step.candidate.suggested.slice(0, step.length), step.candidate.original).some(
    (run) => run.kind === 'change' && run.added > run.removed,
  );
  if (!needsGuess) return [layout.dominantEol];
  const before = layout.eols[step.pos - 1];
  const after = layout.eols[step.pos + step.length];
  const guesses: Eol[] = [];
  for (const eol of [before, after, layout.dominantEol, '\n', '\r\n', '\r'] as const) {
    if (eol && !guesses.includes(eol)) guesses.push(eol);
  }
  return guesses;
}
