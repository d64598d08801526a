/**
 * Walking the tour: each step scrolls the diff to its lines and selects
 * them, so `c` (or the gutter's Comment) comments on exactly what the agent
 * is talking about; next and previous by key or button.
 */
import type { ReviewController } from '../app/reviewController.js';
import { pierreSide } from '../navigation/lineCursor.js';

export function showTourStep(controller: ReviewController, index: number): void {
  const s = controller.store.getState();
  s.setTourStep(index);
  const shown = controller.store.getState().tourStep;
  const step = shown === null ? undefined : s.tour?.steps[shown];
  if (!step || !s.fileById.has(step.path)) return;
  s.setSelection({ fileId: step.path, range: { start: step.lines.start, end: step.lines.end, side: pierreSide(step.side) } });
  controller.jumpToLine(step.path, step.side, step.lines.start);
}

/** `.` and `,`: the next or previous step while walking; nothing otherwise. */
export function stepTour(controller: ReviewController, direction: 1 | -1): void {
  const step = controller.store.getState().tourStep;
  if (step !== null) showTourStep(controller, step + direction);
}
