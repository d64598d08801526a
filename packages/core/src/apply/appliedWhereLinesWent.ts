/**
 * The one rule for "this suggestion is applied": the file now holds its
 * suggested code where its lines went, however far they moved. `redline
 * apply`'s "already applied" (placeSuggestions.ts, findReviewedState.ts)
 * asks it at the place the suggestions applied above shifted the lines to;
 * the threads of earlier rounds (rounds/computeThreads.ts: `redline
 * threads`, the page, the export) ask it where a line diff from the text the
 * suggestion was made on says the lines went (suggestions/followRange.ts).
 * Either way the test is `suggestedSpan`: the suggested lines, in order,
 * from that place (an empty last line may be the file's final newline).
 */
import type { TextLayout } from '../diff/lines.js';
import type { FollowedRange } from '../suggestions/followRange.js';
import { suggestedSpan } from './linesAt.js';
import { lineSpanAt, type LineSpan } from '../model/lineSpan.js';

/**
 * Where the suggested code is, when the lines the suggestion was made on went
 * to `followed`: the code lies where they went, lines changed or inserted at
 * the range's ends included (an insertion after the range's last line is the
 * same edit as one before the next line, and the agent may have added lines
 * of its own next to the code), and covers every line of the range still
 * there unchanged. `{ at: null }` for an applied deletion (nothing is left
 * where the lines were); null: not applied.
 */
export function appliedWhereLinesWent(layout: TextLayout, followed: FollowedRange, suggested: readonly string[]): { at: LineSpan | null } | null {
  const { start, end, above, below, kept } = followed;
  // A deletion is applied when nothing is where the lines were; lines there are someone's edit.
  if (suggested.length === 0) return start === end ? { at: null } : null;
  for (let from = kept === null ? end : kept.first; from >= above; from--) {
    const length = suggestedSpan(layout, from, suggested);
    if (length < 0 || from + length > below) continue;
    const covers = kept === null ? from + length >= start && (start === end || (from < end && from + length > start)) : from + length > kept.last;
    if (covers) return { at: lineSpanAt(from, length) };
  }
  return null;
}
