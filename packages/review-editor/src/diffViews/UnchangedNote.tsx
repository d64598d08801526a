/**
 * Above the file tree in "Since round N": "71 files unchanged since round 2
 * are hidden · Show all" (the diff and the tree list only the files changed
 * since: filesInView.ts), and "Hide unchanged" to list them out again.
 */
import { useReview } from '../app/reviewContext.js';
import { diffShown } from './diffShown.js';
import { unchangedCount } from './filesInView.js';

export function UnchangedNote() {
  const count = useReview(unchangedCount);
  const round = useReview((s) => {
    const view = diffShown(s);
    return view.kind === 'since-round' ? view.round : null;
  });
  const showing = useReview((s) => s.showUnchanged);
  const setShowing = useReview((s) => s.setShowUnchanged);
  if (round === null || count === 0) return null;
  const files = `${count} ${count === 1 ? 'file' : 'files'} unchanged since round ${round}`;
  return (
    <p className="muted unchanged-note" role="status">
      {showing ? `${files} listed` : `${files} ${count === 1 ? 'is' : 'are'} hidden`} ·{' '}
      <button type="button" className="link-button" onClick={() => setShowing(!showing)}>
        {showing ? 'Hide them' : 'Show all'}
      </button>
    </p>
  );
}
