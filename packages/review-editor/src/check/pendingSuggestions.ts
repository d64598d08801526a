/** The suggestions Send would send now, by id: what a check runs with, and what makes a check's result stale. */
import { useMemo } from 'react';
import type { Annotation } from '@redline/core';
import { useReview } from '../app/reviewContext.js';

/** The ids of the suggestions Send would send now. */
export function usePendingSuggestionIds(): string[] {
  const annotations = useReview((s) => s.annotations);
  return useMemo(() => pendingSuggestionIds(annotations), [annotations]);
}

export function pendingSuggestionIds(annotations: readonly Annotation[]): string[] {
  return annotations.flatMap((a) => (a.kind === 'suggestion' ? [a.id] : []));
}

