/**
 * The changed regions between two line arrays, at a bounded cost.
 *
 * Shared by suggestion derivation, selection mapping and re-anchoring: each of
 * them needs the same answer to "which lines changed, and which unchanged line
 * of the old text is which unchanged line of the new one".
 *
 * Cost control, cheapest first:
 * 1. the common prefix and suffix are trimmed in linear time, so an edit of a
 *    few lines in a huge file diffs only the span between the first and last
 *    change;
 * 2. a quick Myers pass (jsdiff's `diffArrays`) on the middles with a small
 *    edit budget settles the common case, a handful of edits, without any
 *    hashing (interning 100k lines costs more than diffing them);
 * 3. when that is not enough: when the middles share no line at all, the
 *    minimal diff is one replacement region and no diff is run (a whole-file
 *    rewrite costs O(n)); when a counting lower bound on the edit distance
 *    already exceeds `maxEditLength`, Myers would only bail after spending its
 *    whole budget, so it is not started;
 * 4. otherwise Myers runs on the middles, lines interned to small integers,
 *    capped by `maxEditLength` and `timeout` (one deadline for all passes).
 *    When it gives up, the whole trimmed middle becomes one region and
 *    `fallback` is true: coarser, never wrong.
 * Myers is deterministic and the budget only stops it early, so the quick pass
 * and the full pass give the same answer whenever both finish.
 */

import { diffArrays } from 'diff';

/** A maximal run of changed lines: `before[aStart, aEnd)` became `after[bStart, bEnd)` (0-based, end exclusive). */
export interface LineRegion {
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
}

export interface LineDiffOptions {
  /** Give up (and fall back) past this many inserted plus deleted lines. Default 2000. */
  maxEditLength?: number;
  /** Give up (and fall back) after this many milliseconds of diffing. Default 250. `Infinity` disables it. */
  timeoutMs?: number;
}

export interface LineRegions {
  /** Ascending, disjoint, separated from each other by at least one unchanged line. */
  regions: LineRegion[];
  /** True when the diff was too costly and the trimmed middle was reported as one region. */
  fallback: boolean;
}

export const DEFAULT_MAX_EDIT_LENGTH = 2000;
export const DEFAULT_TIMEOUT_MS = 250;
/** Edit budget of the quick first pass (jsdiff bails from 200 in 13-21 ms on 10k-50k-line inputs). */
const QUICK_EDIT_LENGTH = 200;

/** Validates the options once, with messages that name the bad value. */
export function resolveLineDiffOptions(options: LineDiffOptions | undefined): {
  maxEditLength: number;
  timeoutMs: number;
} {
  const maxEditLength = options?.maxEditLength ?? DEFAULT_MAX_EDIT_LENGTH;
  const timeoutMs = options?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(maxEditLength) || maxEditLength < 0) {
    throw new RangeError(`maxEditLength must be a non-negative integer, got ${String(maxEditLength)}`);
  }
  if (typeof timeoutMs !== 'number' || Number.isNaN(timeoutMs) || timeoutMs <= 0) {
    throw new RangeError(`timeoutMs must be a positive number of milliseconds, got ${String(timeoutMs)}`);
  }
  return { maxEditLength, timeoutMs };
}

export function diffLineRegions(
  before: readonly string[],
  after: readonly string[],
  options?: LineDiffOptions,
): LineRegions {
  const { maxEditLength, timeoutMs } = resolveLineDiffOptions(options);
  const na = before.length;
  const nb = after.length;

  let prefix = 0;
  while (prefix < na && prefix < nb && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < na - prefix &&
    suffix < nb - prefix &&
    before[na - 1 - suffix] === after[nb - 1 - suffix]
  ) {
    suffix++;
  }
  const aEnd = na - suffix;
  const bEnd = nb - suffix;
  const middle: LineRegion = { aStart: prefix, aEnd, bStart: prefix, bEnd };

  // Identical line views: nothing changed.
  if (prefix === aEnd && prefix === bEnd) return { regions: [], fallback: false };
  // One side's middle is empty: a pure insertion or deletion, exactly one region.
  if (prefix === aEnd || prefix === bEnd) return { regions: [middle], fallback: false };

  const deadline = Date.now() + timeoutMs;
  const quickBudget = Math.min(maxEditLength, QUICK_EDIT_LENGTH);
  const quick = myers(before.slice(prefix, aEnd), after.slice(prefix, bEnd), quickBudget, deadline);
  if (quick) return { regions: toRegions(quick, prefix), fallback: false };
  if (quickBudget === maxEditLength || Date.now() >= deadline) return { regions: [middle], fallback: true };

  // Intern the middle lines to integers (=== on small ints is cheaper than on
  // long strings) and count how many lines the two middles share.
  const ids = new Map<string, number>();
  const aIds: number[] = new Array<number>(aEnd - prefix);
  const aCount: number[] = [];
  for (let i = prefix; i < aEnd; i++) {
    const line = before[i]!;
    let id = ids.get(line);
    if (id === undefined) {
      id = ids.size;
      ids.set(line, id);
      aCount.push(0);
    }
    aIds[i - prefix] = id;
    aCount[id]!++;
  }
  const bIds: number[] = new Array<number>(bEnd - prefix);
  let shared = 0;
  for (let j = prefix; j < bEnd; j++) {
    const line = after[j]!;
    let id = ids.get(line);
    if (id === undefined) {
      // A line only the new side has: give it an id no old line can equal.
      id = -1 - j;
    } else if (aCount[id]! > 0) {
      aCount[id]!--;
      shared++;
    }
    bIds[j - prefix] = id;
  }

  // No line in common: the minimal diff is one replacement, nothing to search.
  if (shared === 0) return { regions: [middle], fallback: false };
  // Every unshared line is an insertion or a deletion, so the edit distance is
  // at least this; Myers could only bail after spending its whole budget.
  const editDistanceLowerBound = aIds.length + bIds.length - 2 * shared;
  if (editDistanceLowerBound > maxEditLength) return { regions: [middle], fallback: true };

  const changes = myers(aIds, bIds, maxEditLength, deadline);
  if (changes === undefined) return { regions: [middle], fallback: true };
  return { regions: toRegions(changes, prefix), fallback: false };
}

interface Change {
  added: boolean;
  removed: boolean;
  count: number;
}

/** jsdiff's Myers with an edit budget and an absolute deadline; undefined when it gives up. */
function myers<T>(a: T[], b: T[], maxEditLength: number, deadline: number): Change[] | undefined {
  const remaining = deadline - Date.now();
  if (remaining <= 0) return undefined;
  return diffArrays(a, b, { maxEditLength, ...(Number.isFinite(remaining) ? { timeout: remaining } : {}) });
}

/** Groups the changes between unchanged runs into regions; `offset` is where the diffed middles start. */
function toRegions(changes: readonly Change[], offset: number): LineRegion[] {
  const regions: LineRegion[] = [];
  let ai = offset;
  let bj = offset;
  let open: LineRegion | null = null;
  for (const change of changes) {
    const count = change.count;
    if (!change.added && !change.removed) {
      if (open) regions.push(open);
      open = null;
      ai += count;
      bj += count;
      continue;
    }
    open ??= { aStart: ai, aEnd: ai, bStart: bj, bEnd: bj };
    if (change.removed) {
      ai += count;
      open.aEnd = ai;
    } else {
      bj += count;
      open.bEnd = bj;
    }
  }
  if (open) regions.push(open);
  return regions;
}
