import { findSuggestionOverlaps, type Annotation } from '@redline/core';

const cache = new WeakMap<readonly Annotation[], Map<string, string[]>>();

/** findSuggestionOverlaps, computed once per annotations array. */
export function overlapsOf(annotations: readonly Annotation[]): Map<string, string[]> {
  let overlaps = cache.get(annotations);
  if (!overlaps) {
    overlaps = findSuggestionOverlaps(annotations);
    cache.set(annotations, overlaps);
  }
  return overlaps;
}
