/**
 * The Send dialog's offer to publish the round to the review's pull request
 * (docs/rounds.md, "Published to a pull request"), beside the verdict: shown
 * only when the review is of a pull request. Checked, Send asks for it and
 * the page posts `POST /api/publish` once the round is recorded; the sent
 * screen shows the outcome (`PublishOutcomeNote`).
 */
import type { PullRequestData, Verdict } from '@redline/core';
import { useReview } from '../app/reviewContext.js';
import './publish.css';

/** GitHub's words for each verdict, as the review will show it. */
const GITHUB_VERDICT: Record<Verdict, string> = {
  approve: 'an approval',
  'request-changes': 'changes requested',
  comment: 'a comment',
};

export function PublishField() {
  const pull = useReview((s) => s.review?.pullRequest);
  const verdict = useReview((s) => s.verdict);
  const checked = useReview((s) => s.publishToPullRequest);
  const setPublish = useReview((s) => s.setPublishToPullRequest);
  if (!pull) return null;
  return (
    <label className={`publish-field ${checked ? 'is-selected' : ''}`}>
      <input type="checkbox" checked={checked} onChange={(event) => setPublish(event.target.checked)} />
      <span className="publish-label">Publish to pull request #{pull.number}</span>
      <span className="publish-hint">
        {pullRequestName(pull)}: one GitHub review with {GITHUB_VERDICT[verdict]}, the summary and every comment and suggestion, posted after the round is recorded.
      </span>
    </label>
  );
}

/** The sent screen's line about publishing: under way, the link to the review, or the one-line error. */
export function PublishOutcomeNote() {
  const outcome = useReview((s) => s.publishOutcome);
  const pull = useReview((s) => s.review?.pullRequest);
  if (outcome === null) return null;
  const name = pull ? pullRequestName(pull) : 'the pull request';
  switch (outcome.kind) {
    case 'publishing':
      return <p className="publish-outcome" role="status">Publishing the round to {name}…</p>;
    case 'published':
      return (
        <p className="publish-outcome" role="status">
          Published to {name}: <a href={outcome.url} target="_blank" rel="noopener noreferrer">{outcome.url}</a>
        </p>
      );
    case 'already-published':
      return (
        <p className="publish-outcome" role="status">
          Already published: <a href={outcome.url} target="_blank" rel="noopener noreferrer">{outcome.url}</a>
        </p>
      );
    case 'failed':
      return (
        <p className="publish-outcome publish-failed" role="alert">
          Not published: {outcome.message.replace(/\.$/, '')}. <code>redline publish</code> in the repository posts the round later.
        </p>
      );
  }
}

function pullRequestName(pull: Pick<PullRequestData, 'owner' | 'repo' | 'number'>): string {
  return `${pull.owner}/${pull.repo}#${pull.number}`;
}
