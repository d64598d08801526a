/** The tour's slice: walking stays inside the tour, a new tour keeps the walk on a step it has, no tour ends the walk. */
import { describe, expect, it } from 'vitest';
import { createReviewStore } from '../app/reviewStore.js';

const step = (path: string) => ({ path, side: 'new' as const, lines: { start: 1, end: 1 }, text: 'x' });
const tour = (n: number) => ({ title: 't', steps: Array.from({ length: n }, (_, i) => step(`f${i}`)) });

describe('tour slice', () => {
  it('clamps the step to the tour, keeps a walk on a shorter tour\'s last step, and ends it when the tour goes', () => {
    const store = createReviewStore();
    const s = () => store.getState();
    s().setTourStep(2);
    expect(s().tourStep).toBeNull(); // no tour: no walk
    s().setTour(tour(3));
    s().setTourStep(7);
    expect(s().tourStep).toBe(2);
    s().setTourStep(-1);
    expect(s().tourStep).toBe(0);
    s().setTourStep(2);
    s().setTour(tour(2));
    expect(s().tourStep).toBe(1);
    const same = s().tour;
    s().setTour(tour(2));
    expect(s().tour).toBe(same); // an unchanged poll changes nothing
    s().setTour(null);
    expect([s().tour, s().tourStep]).toEqual([null, null]);
  });
});
