/**
 * The agent's tour in the page: with a tour, a bar offers "Walk through the
 * change"; walking, it shows the step (its file and lines, the agent's words,
 * "Step 2 of 5") with Previous, Next (also `,` and `.`) and End. Each step
 * scrolls the diff to its lines and selects them, so the reviewer can
 * comment (`c`) or suggest right there. Without a tour it renders nothing.
 */
import { useController, useReview } from '../app/reviewContext.js';
import { Markdown } from '../markdown/Markdown.js';
import { showTourStep } from './tourWalk.js';
import './tour.css';

export function TourBar() {
  const controller = useController();
  const tour = useReview((s) => s.tour);
  const step = useReview((s) => s.tourStep);
  if (tour === null) return null;
  const count = tour.steps.length;
  if (step === null) {
    return (
      <section className="tour-bar" aria-label="The agent's tour">
        <span className="tour-title">
          The agent's tour: <strong>{tour.title}</strong> <span className="muted">({count} step{count === 1 ? '' : 's'})</span>
        </span>
        <button type="button" className="btn btn-small btn-primary" onClick={() => showTourStep(controller, 0)}>
          Walk through the change
        </button>
      </section>
    );
  }
  const current = tour.steps[step]!;
  const lines = current.lines.start === current.lines.end ? `line ${current.lines.start}` : `lines ${current.lines.start}–${current.lines.end}`;
  return (
    <section className="tour-bar tour-walking" aria-label="The agent's tour">
      <header className="tour-head">
        <strong className="tour-title">{tour.title}</strong>
        <span className="tour-progress" aria-live="polite">
          Step {step + 1} of {count}
        </span>
        <progress max={count} value={step + 1} aria-hidden="true" />
      </header>
      <p className="tour-where">
        <code>{current.path}</code> <span className="muted">{current.side === 'old' ? `old ${lines}` : lines}</span>
      </p>
      <div className="tour-text">
        <Markdown text={current.text} />
      </div>
      <div className="tour-actions">
        <button type="button" className="btn btn-small" disabled={step === 0} onClick={() => showTourStep(controller, step - 1)} aria-keyshortcuts=",">
          Previous
        </button>
        <button type="button" className="btn btn-small btn-primary" disabled={step === count - 1} onClick={() => showTourStep(controller, step + 1)} aria-keyshortcuts=".">
          Next
        </button>
        <span className="muted tour-hint">Lines selected: press c to comment on them.</span>
        <button type="button" className="btn btn-small btn-quiet" onClick={() => controller.store.getState().setTourStep(null)}>
          End tour
        </button>
      </div>
    </section>
  );
}
