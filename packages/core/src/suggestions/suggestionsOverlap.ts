/**
 * When two suggestions cannot both be applied: the one rule the page (which
 * flags the pair before sending) and `redline apply` (which keeps the first
 * and refuses the other as a conflict) share.
 *
 * Suggestions of the same file and revision overlap when their ranges share
 * a line. Two insertions into an empty file (lines 1-0) overlap: each writes
 * the whole file. An empty-file insertion and a ranged suggestion never do
 * (both cannot hold against one revision; apply refuses the one that does
 * not fit). Adjacent ranges do not overlap.
 */
import type { LineSpan } from '../model/lineSpan.js';
import type { Annotation, Suggestion } from '../model/types.js';

/** Lines 1-0: the insertion into an empty file, the only empty range. */
export function isEmptyFileInsertion(range: LineSpan): boolean {
  return range.startLine === 1 && range.endLine === 0;
}

export function suggestionsOverlap(a: LineSpan, b: LineSpan): boolean {
  const aEmpty = isEmptyFileInsertion(a);
  const bEmpty = isEmptyFileInsertion(b);
  if (aEmpty || bEmpty) return aEmpty && bEmpty;
  return a.startLine <= b.endLine && b.startLine <= a.endLine;
}

/**
 * Every suggestion that overlaps another of the same path and revision,
 * mapped to the ids it overlaps (in line order). Suggestions already marked
 * outdated are left out: apply skips them, so they conflict with nothing.
 */
export function findSuggestionOverlaps(annotations: readonly Annotation[]): Map<string, string[]> {
  const overlaps = new Map<string, string[]>();
  const link = (a: string, b: string) => overlaps.set(a, [...(overlaps.get(a) ?? []), b]);
  for (const list of groupByFileRevision(annotations)) {
    list.sort((a, b) => a.startLine - b.startLine);
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        if (!suggestionsOverlap(list[i]!, list[j]!)) continue;
        link(list[i]!.id, list[j]!.id);
        link(list[j]!.id, list[i]!.id);
      }
    }
  }
  return overlaps;
}

function groupByFileRevision(annotations: readonly Annotation[]): Suggestion[][] {
  const groups = new Map<string, Suggestion[]>();
  for (const a of annotations) {
    if (a.kind !== 'suggestion' || a.outdated) continue;
    const key = `${a.path}\u0000${a.revision ?? ''}`;
    const group = groups.get(key);
    if (group) group.push(a);
    else groups.set(key, [a]);
  }
  return [...groups.values()];
}
