/**
 * Keeping annotations on their code after the reviewer refreshes the diff.
 *
 * An annotation's lines are identified by their CONTENT: the lines of the old
 * text at its range (for a suggestion, its `originalCode`, which never changes).
 * For each line annotation, in order of preference:
 *
 * 1. `unchanged` / `moved` (how: 'diff'): a line diff of the old and new text
 *    carries every anchored line through unchanged and contiguous; the range
 *    follows them (offset = lines inserted minus deleted above).
 * 2. `moved` (how: 'search'): otherwise the anchored lines are searched in the
 *    new text. Candidates are the exact matches that are not merely an older
 *    copy that was already elsewhere in the old text (a match made only of
 *    unchanged lines that came from a different old range). The candidate
 *    nearest the expected position wins; a tie between two equally near
 *    candidates is ambiguous. Content made only of blank lines is never
 *    searched: it identifies nothing.
 * 3. `outdated`: the content is gone or ambiguous. The annotation keeps its old
 *    line numbers and gets `outdated: true` and `anchorSnippet` (the old lines),
 *    so it is still exported with what it was about.
 *
 * Not touched (status `kept`): file and general annotations, line annotations
 * without a start line, annotations already outdated (their snippet stays the
 * truth), and annotations whose path/side has no entry in `texts` (nothing
 * known changed). A side whose new
 * text is `null` (the file is gone from that side) makes its line annotations
 * outdated.
 *
 * Suggestions keep `originalCode`, `suggestedCode` and `revision`: the revision
 * records what the reviewer saw, and `redline apply` verifies by content and
 * relocates to a unique exact match anyway. Renames are the caller's business:
 * key `texts` by the annotation's current `path`.
 *
 * Pure and deterministic: same annotations and texts, same result.
 */

import type { Annotation, LineAnnotation, Side } from '../model/types.js';
import { codeToLines, linesToCode, toLines } from '../diff/lines.js';
import { diffLineRegions, type LineDiffOptions, type LineRegion } from './diffLineRegions.js';

/** One side of one file, as it was when the annotations were made and as it is now. */
export interface SideTextChange {
  /** The text before the refresh; null when the side did not exist. */
  before: string | null;
  /** The text after the refresh; null when the side no longer exists. */
  after: string | null;
}

/** Texts per path (the annotation's `path`) and side. */
export type ReanchorTexts = Readonly<Record<string, Partial<Record<Side, SideTextChange>>>>;

export type ReanchorStatus = 'kept' | 'unchanged' | 'moved' | 'outdated';

export interface ReanchoredAnnotation {
  /** The annotation with its new range, or marked outdated. A new object whenever something changed. */
  annotation: Annotation;
  status: ReanchorStatus;
  /** New startLine minus old startLine (0 unless moved). */
  offset: number;
  /** For `moved`: followed through the diff, or found by searching the content. */
  how?: 'diff' | 'search';
  /** For `outdated`: why, in a few words. */
  reason?: string;
}

export function reanchorAnnotations(
  annotations: readonly Annotation[],
  texts: ReanchorTexts,
  options?: LineDiffOptions,
): ReanchoredAnnotation[] {
  // One diff per path and side, however many annotations sit on it.
  const contexts = new Map<string, SideContext | null>();
  return annotations.map((annotation) => {
    if (annotation.scope !== 'line' || annotation.outdated) {
      return { annotation, status: 'kept', offset: 0 };
    }
    const side: Side = annotation.side;
    const change = texts[annotation.path]?.[side];
    if (!change) return { annotation, status: 'kept', offset: 0 };
    const key = `${side}\u0000${annotation.path}`;
    let context = contexts.get(key);
    if (context === undefined) {
      context = change.after === null ? null : buildContext(change.before ?? '', change.after, options);
      contexts.set(key, context);
    }
    return reanchorOne(annotation, context, change);
  });
}

interface SideContext {
  before: string[];
  after: string[];
  regions: LineRegion[];
  /** For each new line: the old line it is the unchanged copy of, or -1 when it is new or changed. */
  afterToBefore: Int32Array;
}

function buildContext(beforeText: string, afterText: string, options: LineDiffOptions | undefined): SideContext {
  const before = toLines(beforeText);
  const after = toLines(afterText);
  const { regions } = diffLineRegions(before, after, options);
  const afterToBefore = new Int32Array(after.length).fill(-1);
  let a = 0;
  let b = 0;
  for (const region of [...regions, { aStart: before.length, aEnd: before.length, bStart: after.length, bEnd: after.length }]) {
    while (b < region.bStart) afterToBefore[b++] = a++;
    a = region.aEnd;
    b = region.bEnd;
  }
  return { before, after, regions, afterToBefore };
}

function reanchorOne(annotation: LineAnnotation, context: SideContext | null, change: SideTextChange): ReanchoredAnnotation {
  const { startLine, endLine } = annotation;
  const start = startLine - 1; // 0-based
  const oldLines = anchoredContent(annotation, start, endLine, change.before === null ? [] : context?.before ?? toLines(change.before));

  const outdated = (reason: string): ReanchoredAnnotation => ({
    annotation: { ...annotation, outdated: true, anchorSnippet: linesToCode(oldLines ?? []) },
    status: 'outdated',
    offset: 0,
    reason,
  });

  if (!context) return outdated('the file no longer exists on this side');
  if (oldLines === null) return outdated('its range was outside the old text');
  if (oldLines.length === 0) {
    // An insertion into an empty file: still true only while the file is empty.
    return context.after.length === 0 ? { annotation, status: 'unchanged', offset: 0 } : outdated('the empty file it was made on has content now');
  }

  const viaDiff = followThroughDiff(context, start, oldLines);
  if (viaDiff !== null) return placed(annotation, viaDiff, start, oldLines.length, 'diff');

  if (oldLines.every((line) => line.trim() === '')) return outdated('its lines are gone (blank lines are not searched)');
  const found = searchMoved(context, start, oldLines);
  if (found === 'ambiguous') return outdated('its lines now appear in several places');
  if (found === null) return outdated('its lines are gone');
  return placed(annotation, found, start, oldLines.length, 'search');
}

/**
 * The lines the annotation is about: a suggestion's `originalCode` (what it
 * promises to replace), else the old text at its range. null when the range
 * does not fit the old text.
 */
function anchoredContent(annotation: LineAnnotation, start: number, endLine: number, before: readonly string[]): string[] | null {
  const count = endLine - start;
  if (annotation.kind === 'suggestion') {
    return codeToLines(annotation.originalCode, count > 0);
  }
  if (start < 0 || count < 0 || endLine > before.length) return null;
  return before.slice(start, endLine);
}

function placed(
  annotation: LineAnnotation,
  newStart: number,
  oldStart: number,
  length: number,
  how: 'diff' | 'search',
): ReanchoredAnnotation {
  const offset = newStart - oldStart;
  if (offset === 0) return { annotation, status: 'unchanged', offset: 0 };
  return {
    annotation: { ...annotation, startLine: newStart + 1, endLine: newStart + length },
    status: 'moved',
    offset,
    how,
  };
}

/** The new start of the old lines [start, start + n) when the diff keeps them all, unchanged and together. */
function followThroughDiff(context: SideContext, start: number, content: readonly string[]): number | null {
  const end = start + content.length;
  if (start < 0 || end > context.before.length) return null;
  for (let i = 0; i < content.length; i++) if (context.before[start + i] !== content[i]) return null;
  let delta = 0;
  for (const region of context.regions) {
    if (region.aStart >= end) break;
    // A region overlapping the range, or an insertion strictly inside it, breaks it.
    if (region.aEnd > start && region.aStart < end) return null;
    if (region.aStart === region.aEnd && region.aStart > start && region.aStart < end) return null;
    if (region.aEnd <= start) delta += region.bEnd - region.bStart - (region.aEnd - region.aStart);
  }
  return start + delta;
}

/** Where the old position is expected in the new text: shifted by the edits above it. */
function expectedPosition(context: SideContext, start: number): number {
  let delta = 0;
  for (const region of context.regions) {
    if (region.aStart >= start) break;
    delta += region.bEnd - region.bStart - (region.aEnd - region.aStart);
  }
  return start + delta;
}

function searchMoved(context: SideContext, start: number, content: readonly string[]): number | 'ambiguous' | null {
  const { after, afterToBefore } = context;
  const expected = expectedPosition(context, start);
  let best = -1;
  let bestDistance = Infinity;
  let tie = false;
  for (let q = 0; q + content.length <= after.length; q++) {
    if (after[q] !== content[0]) continue;
    let match = true;
    for (let i = 1; i < content.length && match; i++) if (after[q + i] !== content[i]) match = false;
    if (!match || isOlderCopy(afterToBefore, q, content.length, start)) continue;
    const distance = Math.abs(q - expected);
    if (distance < bestDistance) {
      best = q;
      bestDistance = distance;
      tie = false;
    } else if (distance === bestDistance) {
      tie = true;
    }
  }
  if (best < 0) return null;
  return tie ? 'ambiguous' : best;
}

/** True when new lines [q, q + n) are all unchanged copies of one contiguous old range other than the annotation's own. */
function isOlderCopy(afterToBefore: Int32Array, q: number, n: number, start: number): boolean {
  const origin = afterToBefore[q]!;
  if (origin < 0 || origin === start) return false;
  for (let i = 1; i < n; i++) if (afterToBefore[q + i] !== origin + i) return false;
  return true;
}
