/**
 * Planning `redline apply` for one file: which of its suggestions hold, where
 * they are now, and the file's new text. Pure: the edge reads the file, calls
 * this, and writes `newText` only if it likes the outcomes.
 *
 * A suggestion is a fact, "lines A-B read X when the review was made (file
 * revision R); make them read Y", never a diff to force through:
 *
 * 1. Invalid suggestions are refused (old-side anchors, bad ranges, an
 *    original code whose line count differs from its range: such a suggestion
 *    would silently delete or duplicate lines nobody saw).
 * 2. Overlapping suggestions of the same revision conflict: the first in
 *    export order is kept, the others are refused naming it.
 * 3. Each remaining suggestion is located in the current file:
 *    - file unchanged (its sha256 is the suggestion's revision): X must be at
 *      A-B, else the export contradicts its own revision and is refused;
 *    - file changed: first, could the file be exactly "the reviewed file with
 *      some of these suggestions already applied"? Each combination that fits
 *      the lines is reverted and hashed against the revision; a match proves
 *      which suggestions are already applied and where the rest are. This is
 *      what makes a second `redline apply` a safe no-op.
 *    - otherwise, line by line: Y where X was means already applied; X at its
 *      place (shifted by the already-applied suggestions above) is applied;
 *      else X is relocated only to its one exact match in the file (and only
 *      when Y is nowhere in the file, which would hint that it was applied
 *      before the lines moved); no match or several: outdated.
 * 4. What is accepted must not overlap in the current file either.
 * 5. Splice, then verify independently: outside the accepted ranges every
 *    line is byte-identical, inside them the lines are exactly the suggested
 *    code; a failed check refuses the whole file.
 *
 * Line endings (the reviewer never sees them, so the applier keeps them).
 * Inside each suggestion, a line diff of the original against the suggested
 * code (diffLineRegions, the derivation's own: common prefix and suffix, then
 * jsdiff's Myers) splits it into kept lines and changed runs; then:
 * - a kept line (such as the anchor line of an insertion) keeps its own
 *   terminator, and so does every line outside the suggestions: CRLF stays
 *   CRLF, mixed files stay mixed line by line, a lone CR stays;
 * - in a changed run, the k-th new line takes the terminator of the k-th line
 *   it replaces, and lines beyond their number that of the run's last one;
 * - a purely inserted line takes the terminator of the line before it (the
 *   file's dominant one, CRLF when CRLF lines outnumber LF lines, else LF, at
 *   the top of the file);
 * - the BOM is kept, and so is the final-newline state: the last line ends
 *   without a terminator exactly when the file's last line did; the old last
 *   line gets the dominant terminator when lines now follow it; lines
 *   inserted into an empty file end with a newline.
 */

import { diffLineRegions } from '../suggestions/diffLineRegions.js';
import { codeToLines, joinText, splitText, type Eol, type TextLayout } from '../diff/lines.js';
import { sha256Hex } from '../safety/sha256.js';
import type { Annotation } from '../model/types.js';

export type ApplyStatus = 'applied' | 'relocated' | 'already-applied' | 'outdated' | 'conflict' | 'refused';

/** Why a suggestion was not applied (null for applied, relocated and already applied). */
export type PlanReasonCode =
  /** The annotation is not a suggestion. */
  | 'not-a-suggestion'
  /** Anchored to the old side of the diff: there is nothing in the working tree to replace. */
  | 'old-side'
  /** Missing, non-integer or inverted line range. */
  | 'invalid-range'
  /** The original code has more or fewer lines than the range: applying would drop or duplicate lines. */
  | 'range-mismatch'
  /** A missing code field or revision, or a deletion with suggested code. */
  | 'invalid-suggestion'
  /** Already marked outdated when the review was exported. */
  | 'outdated-in-review'
  /** The file is the reviewed revision, yet the range does not hold the original code. */
  | 'original-mismatch'
  /** The file changed and the original code is no longer in it. */
  | 'original-changed'
  /** The file changed and the original code now occurs at several places. */
  | 'ambiguous-relocation'
  /** The file changed, the original moved, and the suggested code already occurs elsewhere. */
  | 'suggested-code-elsewhere'
  /** Overlaps a suggestion accepted before it. */
  | 'overlap'
  /** The spliced text failed verification; nothing in the file is applied. */
  | 'verify-failed';

export interface LineSpan {
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
}

export interface SuggestionOutcome {
  id: string;
  status: ApplyStatus;
  reason: PlanReasonCode | null;
  /** One line for people: what happened and why. */
  message: string;
  /** Where the suggestion's lines are in the current file: the original code to replace, or the suggested code already there. */
  at: LineSpan | null;
  /** For relocated suggestions: current start line minus the stated one. */
  movedBy: number | null;
  /** For conflicts: the id of the suggestion this one collides with. */
  conflictsWith: string | null;
}

export interface PlanApplyInput {
  /** The file's current text, decoded from UTF-8 with a BOM kept as U+FEFF. */
  text: string;
  /** sha256 hex of the file's bytes as read. */
  sha256: string;
  /** The file's suggestions in export order: the order that decides conflicts. */
  suggestions: readonly Annotation[];
}

export interface ApplyPlan {
  /** One per input suggestion, in input order. */
  outcomes: SuggestionOutcome[];
  /** The text to write; equal to the input text when nothing is applied. */
  newText: string;
  changed: boolean;
}

/** At most this many "already applied" combinations are hashed against the revision... */
const MAX_REVISION_PROBES = 64;
/** ...and at most about this many bytes hashed in all (the pure-JS sha256 does ~30 MB/s). */
const MAX_PROBE_BYTES = 32 * 1024 * 1024;
const MAX_SEARCH_STEPS = 20_000;
/** Above this many removed plus added lines, the verification's line-diff cross-check is skipped. */
const MAX_CROSS_CHECK_EDITS = 4000;

interface Candidate {
  index: number;
  id: string;
  startLine: number;
  endLine: number;
  original: string[];
  suggested: string[];
  deletion: boolean;
  /** Lines inserted into a file that was empty (startLine 1, endLine 0). */
  emptyInsert: boolean;
  revision: string;
}

/** Replace `removed` lines at 0-based `pos` with `inserted` (exported for verifySplice's tests). */
export interface SpliceBlock {
  pos: number;
  removed: readonly string[];
  inserted: readonly string[];
  /** The terminator of inserted lines that are new; default: the file's dominant one. */
  newEol?: Eol;
}

type Placement =
  | { kind: 'apply'; candidate: Candidate; pos: number; shift: number; relocatedFrom: number | null }
  | { kind: 'already'; candidate: Candidate; pos: number; /** File lines the suggested code covers. */ length: number };

export function planApply(input: PlanApplyInput): ApplyPlan {
  const layout = splitText(input.text);
  const sha = input.sha256.toLowerCase();
  const outcomes: (SuggestionOutcome | undefined)[] = input.suggestions.map(() => undefined);

  const live: Candidate[] = [];
  input.suggestions.forEach((annotation, index) => {
    const checked = checkSuggestion(annotation, index);
    if ('refusal' in checked) outcomes[index] = checked.refusal;
    else live.push(checked.candidate);
  });

  const kept = dropReviewOverlaps(live, outcomes);

  const placements: Placement[] = [];
  for (const group of groupByRevision(kept)) {
    const sorted = [...group].sort((a, b) => a.startLine - b.startLine || a.index - b.index);
    if (group[0]!.revision === sha) placeInReviewedFile(sorted, layout, placements, outcomes);
    else placeInChangedFile(sorted, layout, placements, outcomes);
  }

  const accepted = claimCurrentRanges(placements, outcomes);
  const blocks = accepted
    .map((p): SpliceBlock => ({ pos: p.pos, removed: p.candidate.original, inserted: p.candidate.suggested }))
    .sort((a, b) => a.pos - b.pos);

  let newText = input.text;
  if (blocks.length > 0) {
    const spliced = spliceBlocks(layout, blocks);
    const problem = verifySplice(layout, spliced, blocks);
    if (problem === null) {
      newText = joinText(spliced);
      for (const p of accepted) outcomes[p.candidate.index] = acceptedOutcome(p);
    } else {
      for (const p of accepted) {
        outcomes[p.candidate.index] = refusal(
          p.candidate.id,
          'refused',
          'verify-failed',
          `the spliced file failed verification (${problem}); nothing in this file is applied`,
        );
      }
    }
  }
  for (const p of placements) {
    if (p.kind === 'already' && outcomes[p.candidate.index] === undefined) {
      outcomes[p.candidate.index] = alreadyOutcome(p);
    }
  }

  return {
    outcomes: outcomes.map((o, i) => o ?? internalGap(input.suggestions[i]!)),
    newText,
    changed: newText !== input.text,
  };
}

// ---------------------------------------------------------------------------
// 1. Checking each suggestion on its own

function checkSuggestion(a: Annotation, index: number): { candidate: Candidate } | { refusal: SuggestionOutcome } {
  const id = a.id;
  const refuse = (reason: PlanReasonCode, message: string) => ({ refusal: refusal(id, 'refused', reason, message) });
  if (a.kind !== 'suggestion') return refuse('not-a-suggestion', `annotation ${id} is a ${String(a.kind)}, not a suggestion`);
  if (a.side === 'old') {
    return refuse('old-side', 'anchored to the old side of the diff: only suggestions on the new side can be applied');
  }
  const { startLine, endLine, originalCode, suggestedCode } = a;
  if (typeof originalCode !== 'string' || typeof suggestedCode !== 'string') {
    return refuse('invalid-suggestion', 'the suggestion lacks its original or suggested code');
  }
  if (typeof a.revision !== 'string' || !/^[0-9a-f]{64}$/i.test(a.revision)) {
    return refuse('invalid-suggestion', `the suggestion's revision is not a sha256: ${JSON.stringify(a.revision ?? null)}`);
  }
  if (!Number.isInteger(startLine) || !Number.isInteger(endLine)) {
    return refuse('invalid-range', `the line range is not a pair of whole numbers: ${String(startLine)}-${String(endLine)}`);
  }
  const s = startLine!;
  const e = endLine!;
  const emptyInsert = s === 1 && e === 0 && originalCode === '';
  if (s < 1 || (e < s && !emptyInsert)) {
    return refuse('invalid-range', `the line range ${s}-${e} is not a 1-based range of at least one line`);
  }
  if (a.deletion === true && suggestedCode !== '') {
    return refuse('invalid-suggestion', 'marked as a deletion but carries suggested code');
  }
  if (emptyInsert && a.deletion === true) {
    return refuse('invalid-suggestion', 'a deletion in an empty file: there is nothing to delete');
  }
  const original = emptyInsert ? [] : codeToLines(originalCode, true);
  const rangeLines = e - s + 1;
  if (original.length !== rangeLines) {
    const what =
      original.length < rangeLines
        ? `applying it would delete ${rangeLines - original.length} line(s) nobody saw`
        : 'the range does not cover the code it claims to replace';
    return refuse(
      'range-mismatch',
      `the original code has ${original.length} line(s) but lines ${s}-${e} are ${rangeLines}: ${what}`,
    );
  }
  if (a.outdated === true) {
    return { refusal: refusal(id, 'outdated', 'outdated-in-review', 'the review already marked this suggestion outdated') };
  }
  return {
    candidate: {
      index,
      id,
      startLine: s,
      endLine: e,
      original,
      suggested: a.deletion === true ? [] : codeToLines(suggestedCode, true),
      deletion: a.deletion === true,
      emptyInsert,
      revision: a.revision.toLowerCase(),
    },
  };
}

// ---------------------------------------------------------------------------
// 2. Conflicts in the reviewed file's coordinates

/** Ranges of the same revision that share a line: the first (export order) is kept. */
function dropReviewOverlaps(live: readonly Candidate[], outcomes: (SuggestionOutcome | undefined)[]): Candidate[] {
  const kept: Candidate[] = [];
  for (const c of live) {
    const other = kept.find((k) => k.revision === c.revision && reviewRangesOverlap(k, c));
    if (other) outcomes[c.index] = conflictOutcome(c, other);
    else kept.push(c);
  }
  return kept;
}

function reviewRangesOverlap(a: Candidate, b: Candidate): boolean {
  if (a.emptyInsert || b.emptyInsert) return a.emptyInsert && b.emptyInsert;
  return a.startLine <= b.endLine && b.startLine <= a.endLine;
}

function groupByRevision(candidates: readonly Candidate[]): Candidate[][] {
  const groups = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const group = groups.get(c.revision);
    if (group) group.push(c);
    else groups.set(c.revision, [c]);
  }
  return [...groups.values()];
}

// ---------------------------------------------------------------------------
// 3. Locating suggestions in the current file

function placeInReviewedFile(
  sorted: readonly Candidate[],
  layout: TextLayout,
  placements: Placement[],
  outcomes: (SuggestionOutcome | undefined)[],
): void {
  const lines = layout.lines;
  for (const c of sorted) {
    const pos = c.startLine - 1;
    if (c.emptyInsert ? lines.length === 0 : linesAt(lines, pos, c.original)) {
      if (!c.emptyInsert && !c.deletion && sameLines(c.original, c.suggested)) {
        placements.push({ kind: 'already', candidate: c, pos, length: c.suggested.length });
      } else {
        placements.push({ kind: 'apply', candidate: c, pos, shift: 0, relocatedFrom: null });
      }
      continue;
    }
    const where =
      c.endLine > lines.length
        ? `${rangeLabel(c.startLine, c.endLine)} are past the end of the ${lines.length}-line file`
        : c.emptyInsert
          ? 'the file is not empty'
          : `${rangeLabel(c.startLine, c.endLine)} do not hold the original code`;
    outcomes[c.index] = refusal(
      c.id,
      'refused',
      'original-mismatch',
      `the file is the reviewed revision, yet ${where}: the export contradicts its own revision`,
    );
  }
}

function placeInChangedFile(
  sorted: readonly Candidate[],
  layout: TextLayout,
  placements: Placement[],
  outcomes: (SuggestionOutcome | undefined)[],
): void {
  const proven = findReviewedState(sorted, layout);
  if (proven) {
    for (const step of proven) {
      placements.push(
        step.applied
          ? { kind: 'already', candidate: step.candidate, pos: step.pos, length: step.length }
          : { kind: 'apply', candidate: step.candidate, pos: step.pos, shift: step.shift, relocatedFrom: null },
      );
    }
    return;
  }

  const lines = layout.lines;
  let shift = 0;
  for (const c of sorted) {
    const pos = c.startLine - 1 + shift;
    if (c.emptyInsert) {
      if (lines.length === 0) placements.push({ kind: 'apply', candidate: c, pos: 0, shift: 0, relocatedFrom: null });
      else if (sameLines(lines, c.suggested)) placements.push({ kind: 'already', candidate: c, pos: 0, length: lines.length });
      else outcomes[c.index] = outdatedOutcome(c, 'original-changed', 'the file was empty when reviewed and no longer is');
      continue;
    }
    const originalHere = linesAt(lines, pos, c.original);
    const suggestedLength = c.deletion ? -1 : suggestedSpan(layout, pos, c.suggested);
    if (suggestedLength >= 0) {
      // When both read true (the suggestion extends its original), "already
      // applied" is the likelier story, and the safe one: it writes nothing.
      placements.push({ kind: 'already', candidate: c, pos, length: suggestedLength });
      shift += suggestedLength - c.original.length;
      continue;
    }
    if (originalHere) {
      placements.push({ kind: 'apply', candidate: c, pos, shift, relocatedFrom: null });
      continue;
    }
    const matches = findAll(lines, c.original);
    if (matches.length === 0) {
      outcomes[c.index] = outdatedOutcome(
        c,
        'original-changed',
        `the file changed since the review and the original code of ${rangeLabel(c.startLine, c.endLine)} is no longer in it`,
      );
    } else if (matches.length > 1) {
      const places = matches
        .slice(0, 5)
        .map((m) => m + 1)
        .join(', ');
      outcomes[c.index] = outdatedOutcome(
        c,
        'ambiguous-relocation',
        `the file changed since the review and the original code of ${rangeLabel(c.startLine, c.endLine)} now occurs ${matches.length} times (at line ${places}${matches.length > 5 ? ', …' : ''}): not guessing which`,
      );
    } else if (c.suggested.length > 0 && findAll(lines, c.suggested).length > 0) {
      const at = findAll(lines, c.suggested)[0]! + 1;
      outcomes[c.index] = outdatedOutcome(
        c,
        'suggested-code-elsewhere',
        `the original code moved to line ${matches[0]! + 1}, but the suggested code already occurs at line ${at}: it may have been applied before the lines moved, so not relocating`,
      );
    } else {
      placements.push({ kind: 'apply', candidate: c, pos: matches[0]!, shift: 0, relocatedFrom: c.startLine - 1 });
    }
  }
}

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
function findReviewedState(sorted: readonly Candidate[], layout: TextLayout): ProbeStep[] | null {
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

// ---------------------------------------------------------------------------
// 4. Conflicts in the current file's coordinates

/**
 * Already-applied suggestions claim the lines of their suggested code, then
 * accepted ones claim their original's lines in export order; an accepted
 * suggestion whose lines are claimed already is a conflict.
 */
function claimCurrentRanges(
  placements: readonly Placement[],
  outcomes: (SuggestionOutcome | undefined)[],
): Extract<Placement, { kind: 'apply' }>[] {
  const claims: { start: number; end: number; empty: boolean; candidate: Candidate }[] = [];
  for (const p of placements) {
    if (p.kind === 'already' && p.length > 0) {
      claims.push({ start: p.pos, end: p.pos + p.length, empty: false, candidate: p.candidate });
    }
  }
  const accepted: Extract<Placement, { kind: 'apply' }>[] = [];
  const applying = placements
    .filter((p): p is Extract<Placement, { kind: 'apply' }> => p.kind === 'apply')
    .sort((a, b) => a.candidate.index - b.candidate.index);
  for (const p of applying) {
    const start = p.pos;
    const end = p.pos + p.candidate.original.length;
    const empty = start === end;
    const other = claims.find((k) =>
      empty || k.empty ? k.empty && empty && k.start === start : start < k.end && k.start < end,
    );
    if (other) {
      outcomes[p.candidate.index] = conflictOutcome(p.candidate, other.candidate, 'in the current file');
      continue;
    }
    claims.push({ start, end, empty, candidate: p.candidate });
    accepted.push(p);
  }
  return accepted;
}

// ---------------------------------------------------------------------------
// 5. Splicing and verifying

/**
 * Replaces each block's lines (blocks ascending and disjoint, verified by the
 * caller) and settles every terminator by the rules in the header comment.
 */
function spliceBlocks(layout: TextLayout, blocks: readonly SpliceBlock[], endWithoutNewline?: boolean): TextLayout {
  const dominant = layout.dominantEol;
  const lines: string[] = [];
  const eols: (Eol | '')[] = [];
  // The terminator the previous output line will end with ('' only ever
  // stands for the old last line, which gets the dominant one when followed).
  const previousEol = (): Eol => {
    const last = eols[eols.length - 1];
    return last === undefined || last === '' ? dominant : last;
  };
  let next = 0;
  for (const block of blocks) {
    for (; next < block.pos; next++) {
      lines.push(layout.lines[next]!);
      eols.push(layout.eols[next]!);
    }
    const oldEols = layout.eols.slice(block.pos, block.pos + block.removed.length);
    let i = 0;
    let j = 0;
    for (const run of alignRuns(block.removed, block.inserted)) {
      if (run.kind === 'equal') {
        // Kept lines keep their own terminators.
        for (let k = 0; k < run.count; k++) {
          lines.push(block.inserted[j++]!);
          eols.push(oldEols[i++]!);
        }
        continue;
      }
      for (let k = 0; k < run.added; k++) {
        let eol: Eol | '';
        if (run.removed === 0) eol = block.newEol ?? previousEol(); // pure insertion
        else if (k < run.removed) eol = oldEols[i + k]!; // replaces the k-th removed line
        else eol = block.newEol ?? oldEols[i + run.removed - 1]!; // extra lines: as the run's last removed line
        lines.push(block.inserted[j++]!);
        eols.push(eol);
      }
      i += run.removed;
    }
    next = block.pos + block.removed.length;
  }
  for (; next < layout.lines.length; next++) {
    lines.push(layout.lines[next]!);
    eols.push(layout.eols[next]!);
  }
  settleFinalTerminators(eols, layout, endWithoutNewline ?? lastEol(layout) === '');
  keepLoneCrApart(lines, eols);
  return { bom: layout.bom, lines, eols, dominantEol: dominant };
}

type AlignedRun = { kind: 'equal'; count: number } | { kind: 'change'; removed: number; added: number };

/**
 * A line diff of `removed` against `inserted`, as alternating runs of equal
 * lines and changes (each change: how many lines went, how many came). It is
 * the same diff suggestion derivation uses (trimmed common prefix and suffix,
 * then Myers), so a kept line here is the line the reviewer left alone;
 * timeout-free, so the plan is deterministic.
 */
function alignRuns(removed: readonly string[], inserted: readonly string[]): AlignedRun[] {
  const runs: AlignedRun[] = [];
  let a = 0;
  for (const region of diffLineRegions(removed, inserted, { timeoutMs: Infinity }).regions) {
    if (region.aStart > a) runs.push({ kind: 'equal', count: region.aStart - a });
    runs.push({ kind: 'change', removed: region.aEnd - region.aStart, added: region.bEnd - region.bStart });
    a = region.aEnd;
  }
  if (removed.length > a) runs.push({ kind: 'equal', count: removed.length - a });
  return runs;
}

/**
 * A line ending in a lone CR followed by an empty line ending in LF would
 * read back as ONE line ending in CRLF, losing a line. The original file
 * cannot hold that pair (it would have been read as CRLF), but a splice can
 * create it; the lone CR then becomes CRLF.
 */
function keepLoneCrApart(lines: readonly string[], eols: (Eol | '')[]): void {
  for (let k = 0; k + 1 < lines.length; k++) {
    if (eols[k] === '\r' && lines[k + 1] === '' && eols[k + 1] === '\n') eols[k] = '\r\n';
  }
}

/** Only the last line may lack a terminator, and it does exactly when `endWithoutNewline` (the original's last line did). */
function settleFinalTerminators(eols: (Eol | '')[], original: TextLayout, endWithoutNewline: boolean): void {
  const last = eols.length - 1;
  for (let i = 0; i < last; i++) if (eols[i] === '') eols[i] = original.dominantEol;
  if (last < 0) return;
  if (endWithoutNewline) eols[last] = '';
  else if (eols[last] === '') eols[last] = original.dominantEol;
}

/**
 * Checks the spliced text against the original without reusing the splice:
 * walking both texts, every line outside the blocks must be byte-identical
 * (a terminator may change only by the final-newline rule) and every block's
 * lines must be exactly its inserted lines. A line diff (jsdiff, through
 * diffLineRegions) must find no more change than the blocks explain. Returns
 * a problem or null.
 */
export function verifySplice(before: TextLayout, after: TextLayout, blocks: readonly SpliceBlock[]): string | null {
  if (after.bom !== before.bom) return 'the byte order mark changed';
  const expectedLength = blocks.reduce((n, b) => n + b.inserted.length - b.removed.length, before.lines.length);
  if (after.lines.length !== expectedLength || after.eols.length !== expectedLength) {
    return `expected ${expectedLength} lines, got ${after.lines.length}`;
  }
  const lastAfter = after.lines.length - 1;
  let i = 0;
  let j = 0;
  const untouched = (end: number): string | null => {
    for (; i < end; i++, j++) {
      if (before.lines[i] !== after.lines[j]) return `line ${i + 1} outside the suggestions changed`;
      const was = before.eols[i];
      const now = after.eols[j];
      const lostFinal = j === lastAfter && now === '' && lastEol(before) === '';
      const gainedOne = was === '' && j !== lastAfter && now === before.dominantEol;
      const crApart = was === '\r' && now === '\r\n' && after.lines[j + 1] === '' && after.eols[j + 1] === '\n';
      if (was !== now && !lostFinal && !gainedOne && !crApart) return `the line ending of line ${i + 1} changed`;
    }
    return null;
  };
  for (const block of blocks) {
    const problem = untouched(block.pos);
    if (problem) return problem;
    for (let k = 0; k < block.inserted.length; k++, j++) {
      if (after.lines[j] !== block.inserted[k]) return `line ${j + 1} is not the suggested code`;
    }
    i += block.removed.length;
  }
  const problem = untouched(before.lines.length);
  if (problem) return problem;
  for (let k = 0; k < lastAfter; k++) if (after.eols[k] === '') return `line ${k + 1} lost its line ending`;
  if (after.lines.length > 0) {
    const endsBare = after.eols[lastAfter] === '';
    if (before.lines.length > 0 && endsBare !== (lastEol(before) === '')) return 'the final newline changed';
    if (before.lines.length === 0 && endsBare) return 'lines inserted into an empty file lack a final newline';
  }

  // The text must read back as these very lines: no terminator may merge
  // two lines (an empty last line without one is the only line that can
  // vanish: it is the final newline of the line before).
  const reread = splitText(joinText(after));
  const expectedLines = after.lines.length > 0 && after.lines[lastAfter] === '' && after.eols[lastAfter] === '' ? lastAfter : after.lines.length;
  if (reread.lines.length !== expectedLines) return `the new text reads back as ${reread.lines.length} lines, not ${expectedLines}`;

  // Cross-check with a line diff: the minimal edit between the texts can be
  // no larger than the suggestions' own. Skipped for huge suggestions, where
  // a capped Myers would give up anyway (the walk above stands alone there).
  const claimed = blocks.reduce((n, b) => n + b.removed.length + b.inserted.length, 0);
  if (claimed <= MAX_CROSS_CHECK_EDITS) {
    const diff = diffLineRegions(before.lines, after.lines, { maxEditLength: claimed, timeoutMs: Infinity });
    if (diff.fallback) return `the line diff finds more change than the suggestions' ${claimed} removed and added lines`;
  }
  return null;
}

function lastEol(layout: TextLayout): Eol | '' | undefined {
  return layout.eols[layout.eols.length - 1];
}

// ---------------------------------------------------------------------------
// Line helpers

function linesAt(lines: readonly string[], pos: number, want: readonly string[]): boolean {
  if (pos < 0 || pos + want.length > lines.length) return false;
  for (let k = 0; k < want.length; k++) if (lines[pos + k] !== want[k]) return false;
  return true;
}

/**
 * How many file lines the suggested code covers when it is in place at
 * `pos`, or -1. Its last line may be missing when it is empty and the file
 * ends there with a newline: an empty last line without a terminator is
 * written as the final newline of the line before ("a" + "" is "a\n"), so
 * that is all an applied suggestion leaves of it.
 */
function suggestedSpan(layout: TextLayout, pos: number, suggested: readonly string[]): number {
  if (linesAt(layout.lines, pos, suggested)) return suggested.length;
  const n = suggested.length - 1;
  const endsWithEmptyLine = n >= 0 && suggested[n] === '';
  const fileEndsThere = pos + n === layout.lines.length && (layout.lines.length === 0 || lastEol(layout) !== '');
  return endsWithEmptyLine && fileEndsThere && linesAt(layout.lines, pos, suggested.slice(0, n)) ? n : -1;
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && linesAt(a, 0, b);
}

/** Every 0-based position where `want` (at least one line) occurs. */
function findAll(lines: readonly string[], want: readonly string[]): number[] {
  const found: number[] = [];
  if (want.length === 0) return found;
  for (let pos = 0; pos + want.length <= lines.length; pos++) {
    if (lines[pos] === want[0] && linesAt(lines, pos, want)) found.push(pos);
  }
  return found;
}

function rangeLabel(start: number, end: number): string {
  if (end < start) return 'the empty file';
  return start === end ? `line ${start}` : `lines ${start}-${end}`;
}

function span(pos: number, count: number): LineSpan | null {
  return count > 0 ? { startLine: pos + 1, endLine: pos + count } : null;
}

// ---------------------------------------------------------------------------
// Outcomes

function refusal(id: string, status: ApplyStatus, reason: PlanReasonCode, message: string): SuggestionOutcome {
  return { id, status, reason, message, at: null, movedBy: null, conflictsWith: null };
}

function outdatedOutcome(c: Candidate, reason: PlanReasonCode, message: string): SuggestionOutcome {
  return refusal(c.id, 'outdated', reason, message);
}

function conflictOutcome(c: Candidate, other: Candidate, where = ''): SuggestionOutcome {
  return {
    ...refusal(
      c.id,
      'conflict',
      'overlap',
      `overlaps suggestion ${other.id} (${rangeLabel(other.startLine, other.endLine)})${where ? ` ${where}` : ''}, which comes first and is kept`,
    ),
    conflictsWith: other.id,
  };
}

function acceptedOutcome(p: Extract<Placement, { kind: 'apply' }>): SuggestionOutcome {
  const c = p.candidate;
  const at = c.emptyInsert ? null : span(p.pos, c.original.length);
  const here = at ? rangeLabel(at.startLine, at.endLine) : 'the empty file';
  if (p.relocatedFrom !== null) {
    const movedBy = p.pos - p.relocatedFrom;
    const direction = movedBy > 0 ? 'down' : 'up';
    return {
      id: c.id,
      status: 'relocated',
      reason: null,
      message: `the file changed since the review; the original code moved ${Math.abs(movedBy)} line(s) ${direction} to ${here}, its only exact match, and is replaced there`,
      at,
      movedBy,
      conflictsWith: null,
    };
  }
  const shifted =
    p.shift !== 0 ? ` (${Math.abs(p.shift)} line(s) ${p.shift > 0 ? 'down' : 'up'} because of suggestions already applied above)` : '';
  const verb = c.deletion ? 'deleted' : c.emptyInsert ? 'inserted into' : 'replaced';
  return { id: c.id, status: 'applied', reason: null, message: `${verb} ${here}${shifted}`, at, movedBy: null, conflictsWith: null };
}

function alreadyOutcome(p: Extract<Placement, { kind: 'already' }>): SuggestionOutcome {
  const c = p.candidate;
  const at = span(p.pos, p.length);
  const message = c.deletion
    ? 'the lines are already deleted; nothing to do'
    : at
      ? `the suggested code is already at ${rangeLabel(at.startLine, at.endLine)}; nothing to do`
      : 'the suggested code (an empty last line, which is the final newline) is already in place; nothing to do';
  return { id: c.id, status: 'already-applied', reason: null, message, at, movedBy: null, conflictsWith: null };
}

/** Every suggestion gets an outcome above; this keeps a bug visible instead of dropping one silently. */
function internalGap(a: Annotation): SuggestionOutcome {
  return refusal(a.id, 'refused', 'verify-failed', 'internal error: no decision was reached for this suggestion');
}
