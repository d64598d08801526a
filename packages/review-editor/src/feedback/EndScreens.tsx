/** What the page says once the review is over, or could not start. */
import { useController, useReview } from '../app/reviewContext.js';

export function SentScreen() {
  const output = useReview((s) => s.sentOutput ?? '');
  return (
    <main className="end-screen">
      <h1>Feedback sent</h1>
      <p>The agent has received your review. You can close this tab.</p>
      <details>
        <summary>What the agent received</summary>
        <pre className="preview">{output}</pre>
      </details>
    </main>
  );
}

export function ClosedScreen() {
  return (
    <main className="end-screen">
      <h1>Review closed</h1>
      <p>The review ended without feedback. You can close this tab.</p>
    </main>
  );
}

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
