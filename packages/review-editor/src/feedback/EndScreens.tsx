/** What the page says once the review is over (sent, or closed without feedback). */
import { useReview } from '../app/reviewContext.js';
import { LazyPanel, PublishOutcomeNote } from '../app/lazyPanels.js';

export function SentScreen() {
  const output = useReview((s) => s.sentOutput ?? '');
  return (
    <main className="end-screen">
      <h1>Feedback sent</h1>
      <p>The agent has received your review. You can close this tab.</p>
      <LazyPanel of={PublishOutcomeNote} />
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
