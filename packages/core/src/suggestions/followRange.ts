/**
 * Where a range of lines went: the lines of `before[start, end)` followed
 * through a line diff to the text now. Edits inside the range grow or shrink
 * it, edits before it move it, edits after it leave it be; a changed region
 * that straddles an end of the range takes the range's end to the region's
 * end on the new side (what replaced those lines is where they went).
 *
 * An insertion exactly at an end of the range (between its first line and
 * the line above, or after its last line) is not in the range: the diff
 * cannot say on which side of the boundary it was made. Such lines are
 * reported as `above` / `below`, so a caller that has a text to look for
 * (an applied suggestion that inserted lines after its last one) may take
 * them in; computeThreads and the apply planner's "already applied" rule
 * (apply/appliedWhereLinesWent.ts) do.
 */
import type { LineRegion } from './diffLineRegions.js';

/** 0-based, end exclusive, on the new side. */
export interface FollowedRange {
  /** The range now, without the lines inserted at its ends; empty (start === end) when every line of it is gone. */
  start: number;
  end: number;
  /** Where the lines of a changed region ending at the range's start begin (=== start when there is none). */
  above: number;
  /** Where the lines of a changed region starting at the range's end end (=== end when there is none). */
  below: number;
  /** The first and last of the range's lines that are still there unchanged (0-based, inclusive); null when none is. */
  kept: { first: number; last: number } | null;
}

/** `regions` ascending and disjoint (diffLineRegions); 0 <= start < end <= before's length. */
export function followRange(regions: readonly LineRegion[], start: number, end: number): FollowedRange {
  let delta = 0;
  let newStart: number | null = null;
  let above: number | null = null;
  let newEnd: number | null = null;
  let below: number | null = null;
  for (const r of regions) {
    const growth = r.bEnd - r.bStart - (r.aEnd - r.aStart);
    if (newStart === null) {
      if (r.aStart <= start && r.aEnd > start) newStart = r.bStart;
      else if (r.aEnd <= start) {
        if (r.aEnd === start) above = r.bStart;
        delta += growth;
        continue;
      } else newStart = start + delta;
    }
    if (r.aStart < end && r.aEnd >= end) {
      newEnd = r.bEnd;
      break;
    }
    if (r.aStart >= end) {
      newEnd = end + delta;
      if (r.aStart === end) below = r.bEnd;
      break;
    }
    delta += growth;
  }
  const from = newStart ?? start + delta;
  const to = newEnd ?? end + delta;
  return { start: from, end: to, above: Math.min(above ?? from, from), below: Math.max(below ?? to, to), kept: keptLines(regions, start, end) };
}

function keptLines(regions: readonly LineRegion[], start: number, end: number): FollowedRange['kept'] {
  const containing = (line: number) => regions.find((r) => r.aStart <= line && line < r.aEnd);
  const first = containing(start)?.aEnd ?? start;
  const last = (containing(end - 1)?.aStart ?? end) - 1;
  if (first > last || first >= end) return null;
  return { first: unchangedNow(regions, first), last: unchangedNow(regions, last) };
}

/** Where an unchanged line of the old text is in the new one. */
function unchangedNow(regions: readonly LineRegion[], line: number): number {
  let delta = 0;
  for (const r of regions) {
    if (r.aStart > line) break;
    delta += r.bEnd - r.bStart - (r.aEnd - r.aStart);
  }
  return line + delta;
}
