/**
 * Viewed marks by hunk (docs/rounds.md, "Viewed marks"): a file that was
 * viewed when the last round was sent and changed since keeps the mark on
 * the hunks of its whole change that hold no line changed since; the others
 * are to review ("1 of 3 hunks to review" in its header). Decided by the new
 * side's lines: the since-round diff's new side is the whole change's, line
 * for line (threads/roundView.ts).
 */
import type { FileDiffMetadata, Hunk } from '@pierre/diffs';
import type { ReviewStoreState } from '../app/reviewStore.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import { sinceRoundDiffs } from '../diffViews/diffShown.js';

interface Span {
  start: number;
  end: number;
}

export interface HunksToReview {
  toReview: number;
  total: number;
}

/** The new-side lines each change of a diff touches; a pure deletion touches the two lines around it. */
export function changedNewSpans(fileDiff: FileDiffMetadata): Span[] {
  const spans: Span[] = [];
  for (const hunk of fileDiff.hunks) {
    let line = hunk.additionStart;
    for (const part of hunk.hunkContent) {
      if (part.type === 'context') {
        line += part.lines;
        continue;
      }
      spans.push(part.additions > 0 ? { start: line, end: line + part.additions - 1 } : { start: line - 1, end: line });
      line += part.additions;
    }
  }
  return spans;
}

/** A hunk's new-side lines, context included (a hunk of deletions only: the lines around them). */
function hunkSpan(hunk: Hunk): Span {
  return hunk.additionCount > 0 ? { start: hunk.additionStart, end: hunk.additionStart + hunk.additionCount - 1 } : { start: hunk.additionStart, end: hunk.additionStart + 1 };
}

/** How many of the whole change's hunks hold a line the since-round diff changed. */
export function countHunksToReview(whole: FileDiffMetadata, since: FileDiffMetadata): HunksToReview {
  const changed = changedNewSpans(since);
  const toReview = whole.hunks.filter((hunk) => {
    const span = hunkSpan(hunk);
    return changed.some((c) => c.start <= span.end && span.start <= c.end);
  }).length;
  return { toReview, total: whole.hunks.length };
}

const counted = new WeakMap<FileDiffMetadata, WeakMap<FileDiffMetadata, HunksToReview>>();

/**
 * For a file viewed when the last round was sent, changed since and not
 * marked viewed now: its hunks to review; null for any other file (or a
 * file of one hunk, where the file's own mark says it all).
 */
export function hunksToReviewOf(s: ReviewStoreState, file: ReviewFile): HunksToReview | null {
  if (s.roundChanges.kind !== 'ready' || !s.roundChanges.changed.has(file.path)) return null;
  if (!(s.review?.rounds?.lastViewed ?? []).includes(file.path) || s.isViewed(file.id)) return null;
  const since = sinceRoundDiffs(s)?.get(file.path);
  if (!since || file.fileDiff.hunks.length < 2) return null;
  let bySince = counted.get(file.fileDiff);
  if (!bySince) counted.set(file.fileDiff, (bySince = new WeakMap()));
  let count = bySince.get(since);
  if (!count) bySince.set(since, (count = countHunksToReview(file.fileDiff, since)));
  return count;
}

/** "1 of 3 hunks to review"; short, for a narrow header: "1/3 hunks". */
export function hunksToReviewWords({ toReview, total }: HunksToReview, length: 'long' | 'short' = 'long'): string {
  return length === 'long' ? `${toReview} of ${total} hunks to review` : `${toReview}/${total} hunks`;
}
