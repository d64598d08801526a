/**
 * The agent's tour of its change: its own account, in the order it wants the
 * reviewer to read it, of what it changed and why. Posted with `redline
 * annotate` beside (or instead of) findings; the page walks it a step at a
 * time. A tour is the agent's words, never a review act: the reviewer's
 * comments and answers stay in the page.
 */
import type { Side } from '../model/types.js';
import type { FindingLines } from '../proposals/proposalTypes.js';

export interface TourStep {
  /** Repository-relative, `/` separators, a path of the diff. */
  path: string;
  side: Side;
  lines: FindingLines;
  /** The agent's words for this step (markdown). */
  text: string;
}

export interface Tour {
  title: string;
  steps: TourStep[];
}

/** At most this many steps in one tour; a walkthrough longer than this is not one. */
export const MAX_TOUR_STEPS = 100;
/** At most this many characters in the title. */
export const MAX_TOUR_TITLE = 200;
