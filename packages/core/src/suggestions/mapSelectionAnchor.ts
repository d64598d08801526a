/**
 * "Make annotation" inside an edit session: the reviewer selects lines of the
 * EDITED buffer, but annotations anchor to the text the diff shows, which is
 * the session's PRE-EDIT text. This maps the selected line range across the
 * session's own edits.
 *
 * - Unedited lines map exactly, shifted by whatever the reviewer inserted or
 *   deleted above them (`exact: true`).
 * - Lines of an edited region map to the pre-edit lines that region replaced
 *   (`exact: false`: the annotation is approximate).
 * - A selection made only of purely inserted lines maps to the adjacent
 *   pre-edit line: the one before, or the one after at the top of the file
 *   (`exact: false`).
 * - A selection mixing kinds spans everything its lines map to; any edit inside
 *   or touched by it makes it approximate.
 *
 * `exact` is only claimed when the selected edited lines equal the pre-edit
 * lines at the returned range byte for byte (checked, not assumed).
 *
 * Out-of-range selections are clamped to the edited text. An empty edited text
 * maps to every pre-edit line (all of them were deleted). An EMPTY PRE-EDIT
 * TEXT has no line to anchor to: the result is then line 1..1 with
 * `exact: false`, and the caller should prefer a file-level annotation.
 *
 * Pre-edit coordinates never change during a session, so the anchor stays
 * right after both Suggest and Discard.
 */

import { toLines } from '../diff/lines.js';
import type { LineSpan } from '../model/lineSpan.js';
import { diffLineRegions, type LineDiffOptions } from './diffLineRegions.js';

/** 1-based, inclusive, in the edited text. */
export type LineSelection = LineSpan;

/** 1-based, inclusive, in the pre-edit text; always within it (see the empty-text note above). */
export interface SelectionAnchor extends LineSpan {
  /** True only when the selected lines are, byte for byte, the pre-edit lines at [startLine, endLine]. */
  exact: boolean;
}

export function mapSelectionAnchor(
  preEdit: string,
  edited: string,
  selection: LineSelection,
  options?: LineDiffOptions,
): SelectionAnchor {
  for (const key of ['startLine', 'endLine'] as const) {
    if (!Number.isInteger(selection[key])) {
      throw new RangeError(`selection.${key} must be an integer, got ${String(selection[key])}`);
    }
  }
  const a = toLines(preEdit);
  const b = toLines(edited);
  if (a.length === 0) return { startLine: 1, endLine: 1, exact: false };
  if (b.length === 0) return { startLine: 1, endLine: a.length, exact: false };

  // Clamp into the edited text, in order, 0-based inclusive.
  const low = Math.min(selection.startLine, selection.endLine);
  const high = Math.max(selection.startLine, selection.endLine);
  const first = clamp(low, 1, b.length) - 1;
  const last = clamp(high, 1, b.length) - 1;

  const { regions } = diffLineRegions(a, b, options);

  let mappedStart = Infinity;
  let mappedEnd = -Infinity;
  let touchesEdit = false;
  // For a selection made only of inserted lines: the pre-edit line next to them.
  let insertionNeighbour = -1;
  const include = (from: number, to: number): void => {
    mappedStart = Math.min(mappedStart, from);
    mappedEnd = Math.max(mappedEnd, to);
  };

  // Walk the unchanged stretches and the regions in order; `delta` is how far
  // the edited text has moved relative to the pre-edit text so far.
  let delta = 0;
  let cursor = 0; // first edited line not yet accounted for
  for (const region of [...regions, null]) {
    const stretchEnd = region ? region.bStart : b.length; // unchanged edited lines [cursor, stretchEnd)
    const from = Math.max(first, cursor);
    const to = Math.min(last, stretchEnd - 1);
    if (from <= to) include(from - delta, to - delta);
    if (!region) break;
    if (region.bStart <= last && region.bEnd - 1 >= first && region.bEnd > region.bStart) {
      touchesEdit = true;
      if (region.aEnd > region.aStart) include(region.aStart, region.aEnd - 1);
      else insertionNeighbour = region.aStart >= 1 ? region.aStart - 1 : region.aStart;
    } else if (region.bEnd === region.bStart && region.bStart > first && region.bStart <= last) {
      // Pre-edit lines deleted between two selected lines: the range covers them.
      touchesEdit = true;
    }
    delta += region.bEnd - region.bStart - (region.aEnd - region.aStart);
    cursor = region.bEnd;
  }
  if (mappedStart === Infinity) include(insertionNeighbour, insertionNeighbour);

  const startLine = clamp(mappedStart, 0, a.length - 1) + 1;
  const endLine = clamp(mappedEnd, startLine - 1, a.length - 1) + 1;
  const exact = !touchesEdit && sameLines(b, first, last, a, startLine - 1, endLine - 1);
  return { startLine, endLine, exact };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** True when x[xFrom..xTo] and y[yFrom..yTo] (inclusive) are the same lines. */
function sameLines(x: readonly string[], xFrom: number, xTo: number, y: readonly string[], yFrom: number, yTo: number): boolean {
  if (xTo - xFrom !== yTo - yFrom) return false;
  for (let i = 0; i <= xTo - xFrom; i++) if (x[xFrom + i] !== y[yFrom + i]) return false;
  return true;
}
