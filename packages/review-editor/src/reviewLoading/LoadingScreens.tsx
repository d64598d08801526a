/** What the page says while the review loads, or when it could not be loaded. */
import { useController, useReview } from '../app/reviewContext.js';

export function LoadingScreen() {
  return (
    <main className="end-screen" aria-busy="true">
      <p className="muted">Loading the review…</p>
    </main>
  );
}

export function FailedScreen() {
  const controller = useController();
  const error = useReview((s) => s.error);
  return (
    <main className="end-screen">
      <h1>The review could not be loaded</h1>
      <p role="alert">
        <code>{error}</code>
      </p>
      <p className="muted">If the redline command has exited, start it again.</p>
      <button type="button" className="btn" onClick={() => void controller.load()}>
        Try again
      </button>
    </main>
  );
}
