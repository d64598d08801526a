/**
 * The agent's tour of its change (posted with `redline annotate`, polled
 * with the proposals) and where the reviewer is in it: walking (a step's
 * index) or not. Without a tour nothing of this shows.
 */
import type { Tour } from '@redline/core';
import type { ReviewSliceCreator } from '../app/reviewStore.js';

export interface TourSlice {
  tour: Tour | null;
  /** The step being shown (0-based), or null when the reviewer is not walking the tour. */
  tourStep: number | null;
  /** Replaces the tour only when it changed; a new tour that is shorter keeps the walk on its last step. */
  setTour(tour: Tour | null): void;
  /** Walks to a step (clamped to the tour), or stops walking with null. */
  setTourStep(step: number | null): void;
}

export const createTourSlice: ReviewSliceCreator<TourSlice> = (set, get) => ({
  tour: null,
  tourStep: null,
  setTour(tour) {
    if (JSON.stringify(tour) === JSON.stringify(get().tour)) return;
    const step = get().tourStep;
    set({ tour, tourStep: tour === null || step === null ? null : Math.min(step, tour.steps.length - 1) });
  },
  setTourStep(step) {
    const tour = get().tour;
    set({ tourStep: tour === null || step === null ? null : Math.max(0, Math.min(step, tour.steps.length - 1)) });
  },
});
