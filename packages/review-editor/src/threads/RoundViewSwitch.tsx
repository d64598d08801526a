/**
 * The header's round control: "3 files changed since round 2", and the
 * switch between the change since that round (the default), the whole
 * change since the series' base, and each earlier pair of recorded rounds
 * (read-only, said beside it).
 */
import { useShallow } from 'zustand/react/shallow';
import { useController, useReview } from '../app/reviewContext.js';
import { roundPairs } from './roundView.js';
import { parseRoundViewChoice } from '../diffViews/diffViewAddress.js';
import { isRoundPair, pairRounds, type DiffLoad, type RoundViewChoice } from '../diffViews/diffViewsSlice.js';
import { showDiff } from '../diffViews/showDiff.js';
import './threads.css';

export function RoundViewSwitch() {
  const controller = useController();
  const changes = useReview((s) => s.roundChanges);
  const view = useReview((s) => s.roundView);
  const load = useReview((s) => s.diffLoad);
  const pairs = useReview(useShallow(roundPairs));
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
  const choose = (choice: RoundViewChoice) => {
    if (isRoundPair(choice)) void showDiff(controller.store, controller.api, { kind: 'pair', pair: choice });
    else controller.store.getState().chooseRoundView(choice);
  };
  return (
    <span className="round-view" role="group" aria-label="Review round">
      <span className="round-view-count" role="status">
        {count === null ? `Round ${changes.round + 1}` : `${count} ${count === 1 ? 'file' : 'files'} changed since round ${changes.round}`}
      </span>
      <select className="input round-view-select" aria-label="Show" value={view} disabled={changes.kind !== 'ready'} onChange={(event) => choose(parseRoundViewChoice(event.target.value) ?? 'since-last')}>
        <option value="since-last">Since round {changes.round}</option>
        <option value="all">All changes since the base ({fileCount} files)</option>
        {pairs.map((pair) => (
          <option key={pair} value={pair}>
            Round {pairRounds(pair)[0]} → Round {pairRounds(pair)[1]} (read-only)
          </option>
        ))}
      </select>
      <PairNote view={view} load={load} />
    </span>
  );
}

function PairNote({ view, load }: { view: RoundViewChoice; load: DiffLoad }) {
  const reading = load.kind !== 'idle' && load.request.kind === 'pair' ? load.request.pair.replace('-', ' → round ') : null;
  if (load.kind === 'loading' && reading) return <span className="round-view-note" role="status">Reading round {reading}…</span>;
  if (load.kind === 'failed' && reading) return <span className="round-view-note round-view-missing" role="alert">Cannot show round {reading}: {load.message}</span>;
  if (!isRoundPair(view)) return null;
  const [from, to] = pairRounds(view);
  const note = `Read-only: round ${from}'s recorded state against round ${to}'s; comments and threads show in the other views`;
  return (
    <span className="round-view-note" role="note" aria-label={note} title={note}>
      Read-only
    </span>
  );
}
