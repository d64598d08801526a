/**
 * Turning an edit session's final text into suggestions an agent can apply
 * verbatim.
 *
 * Both texts are compared as LF line arrays (`splitText`): CRLF, lone CR and
 * mixed endings compare equal, a BOM is ignored, and a missing final newline
 * is not a change. So an edit that only adds or removes the final newline, a
 * BOM, or converts line endings produces no hunk at all: the applier keeps the
 * file's own BOM, EOL style and final newline (see lines.ts), so there is
 * nothing for a suggestion to say.
 *
 * One hunk per contiguous changed region (from a minimal line diff). A pure
 * insertion or deletion has no original or no suggested lines, which an agent
 * cannot anchor, so it is widened by ONE unchanged neighbour line, chosen
 * left to right so that two hunks never claim the same line:
 *   1. the line before, when no earlier hunk claimed it;
 *   2. otherwise the line after (always unchanged and unclaimed: regions are
 *      separated by unchanged lines and claims only grow left to right);
 *   3. otherwise (the region ends the file and the line before is taken) the
 *      region merges into the previous hunk, as one spanning suggestion.
 * Two shapes have no possible anchor:
 *   - every line of the file deleted: one hunk over all lines, suggestedCode ''
 *     and `deletion: true` (the only hunk whose suggestion has zero lines);
 *   - lines inserted into an empty file: startLine 1, endLine 0, originalCode ''
 *     (the only empty range).
 * A final defensive fold merges any hunk that does not start strictly after the
 * previous one ends, so a future bug degrades to a coarser hunk, never to an
 * overlap.
 *
 * Reading code strings: they are LF-joined lines without a trailing newline,
 * so `''` is ambiguous on its own. `originalCode` is exactly
 * `endLine - startLine + 1` lines (`''` is one empty line unless the range is
 * empty); `suggestedCode` is zero lines when `deletion` is true and otherwise
 * at least one (`''` is then one empty line, e.g. a blank anchor line).
 */

import { linesToCode, toLines } from '../diff/lines.js';
import type { LineSpan } from '../model/lineSpan.js';
import { diffLineRegions, type LineDiffOptions, type LineRegion } from './diffLineRegions.js';

/** Its span is 1-based, inclusive, in the `before` text; `endLine` is `startLine - 1` only for an insertion into an empty file. */
export interface SuggestionHunk extends LineSpan {
  /** The `before` lines at [startLine, endLine], LF-joined. */
  originalCode: string;
  /** Their replacement, LF-joined. */
  suggestedCode: string;
  /** True exactly when the suggestion replaces the lines with nothing (suggestedCode is then ''). */
  deletion: boolean;
}

export interface DerivedSuggestions {
  /** Ascending; each starts strictly after the previous one ends. */
  hunks: SuggestionHunk[];
  /**
   * True when the line diff hit its cost cap and the changed span (between the
   * common prefix and suffix) became one spanning hunk: correct, but coarser
   * than minimal. The result is then timing-dependent only if `timeoutMs` was
   * what fired; `maxEditLength` alone is deterministic.
   */
  fallback: boolean;
}

export type DeriveSuggestionOptions = LineDiffOptions;

export function deriveSuggestionHunks(
  before: string,
  after: string,
  options?: DeriveSuggestionOptions,
): DerivedSuggestions {
  const a = toLines(before);
  const b = toLines(after);
  const { regions, fallback } = diffLineRegions(a, b, options);
  const spans = anchorRegions(regions, a.length);
  const hunks = spans.map((span): SuggestionHunk => {
    const suggested = b.slice(span.bStart, span.bEnd);
    return {
      startLine: span.aStart + 1,
      endLine: span.aEnd,
      originalCode: linesToCode(a.slice(span.aStart, span.aEnd)),
      suggestedCode: linesToCode(suggested),
      deletion: suggested.length === 0,
    };
  });
  return { hunks, fallback };
}

/**
 * Widens pure insertions and deletions by one anchor line without ever letting
 * two spans share a line. Every span stays "aligned": the lines between spans
 * are unchanged and correspond one to one, so replacing each span's `before`
 * lines by its `after` lines reproduces `after`.
 */
function anchorRegions(regions: readonly LineRegion[], beforeLength: number): LineRegion[] {
  const spans: LineRegion[] = [];
  // Lines of `before` below this index belong to an earlier span.
  let claimedUntil = 0;
  for (const region of regions) {
    const removes = region.aEnd > region.aStart;
    const inserts = region.bEnd > region.bStart;
    let span: LineRegion;
    if (removes && inserts) {
      span = { ...region };
    } else if (beforeLength === 0 || (region.aStart === 0 && region.aEnd === beforeLength)) {
      // Insertion into an empty file, or deletion of every line: no line to anchor on.
      span = { ...region };
    } else if (region.aStart >= 1 && region.aStart - 1 >= claimedUntil) {
      span = { aStart: region.aStart - 1, aEnd: region.aEnd, bStart: region.bStart - 1, bEnd: region.bEnd };
    } else if (region.aEnd < beforeLength) {
      span = { aStart: region.aStart, aEnd: region.aEnd + 1, bStart: region.bStart, bEnd: region.bEnd + 1 };
    } else {
      const previous = spans.pop();
      if (!previous) {
        // Unreachable: with no earlier span the line before is free unless the
        // region starts the file, and then it either ends before the file does
        // or covers all of it (handled above).
        throw new Error(`deriveSuggestionHunks: no anchor for region at line ${region.aStart + 1}`);
      }
      span = { aStart: previous.aStart, aEnd: region.aEnd, bStart: previous.bStart, bEnd: region.bEnd };
    }
    pushFolding(spans, span);
    claimedUntil = Math.max(claimedUntil, span.aEnd);
  }
  return spans;
}

/** Appends a span, merging it into its predecessor when it does not start strictly after it. */
function pushFolding(spans: LineRegion[], span: LineRegion): void {
  let merged = span;
  for (;;) {
    const previous = spans[spans.length - 1];
    if (!previous || merged.aStart >= previous.aEnd) break;
    spans.pop();
    merged = {
      aStart: Math.min(previous.aStart, merged.aStart),
      aEnd: Math.max(previous.aEnd, merged.aEnd),
      bStart: Math.min(previous.bStart, merged.bStart),
      bEnd: Math.max(previous.bEnd, merged.bEnd),
    };
  }
  spans.push(merged);
}
