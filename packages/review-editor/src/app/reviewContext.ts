import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { ReviewController } from './reviewController.js';
import type { ReviewStoreState } from './reviewStore.js';

export const ReviewContext = createContext<ReviewController | null>(null);

export function useController(): ReviewController {
  const controller = useContext(ReviewContext);
  if (!controller) throw new Error('useController: no ReviewContext provider above this component');
  return controller;
}

/** Selects a slice of the review store; the component re-renders when the slice changes. */
export function useReview<T>(selector: (state: ReviewStoreState) => T): T {
  return useStore(useController().store, selector);
}
