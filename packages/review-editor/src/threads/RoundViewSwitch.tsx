/** The header's round control: "3 files changed since round 2", and the switch to the whole change since the series' base. */
import { useController, useReview } from '../app/reviewContext.js';
import './threads.css';

export function RoundViewSwitch() {
  const controller = useController();
  const changes = useReview((s) => s.roundChanges);
  const view = useReview((s) => s.roundView);
  const fileCount = useReview((s) => s.files.length);
  if (changes.kind === 'none') return null;
  if (changes.kind === 'missing') {
    return (
      <span className="round-view round-view-missing" role="status">
        Round {changes.round}'s recorded state cannot be read: showing the whole change
      </span>
    );
  }
  const count = changes.kind === 'ready' ? [...changes.changed].filter((path) => controller.store.getState().fileById.has(path)).length : null;
  return (
    <span className="round-view" role="group" aria-label="Review round">
      <span className="round-view-count" role="status">
        {count === null ? `Round ${changes.round + 1}` : `${count} ${count === 1 ? 'file' : 'files'} changed since round ${changes.round}`}
      </span>
      <select
        className="input round-view-select"
        aria-label="Show"
        value={view}
        disabled={changes.kind !== 'ready'}
        onChange={(event) => controller.store.getState().chooseRoundView(event.target.value === 'all' ? 'all' : 'since-last')}
      >
        <option value="since-last">Since round {changes.round}</option>
        <option value="all">All changes since the base ({fileCount} files)</option>
      </select>
    </span>
  );
}
