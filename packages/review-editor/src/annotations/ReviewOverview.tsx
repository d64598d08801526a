/**
 * The top of the diff: what is being reviewed, the totals (a round view's own:
 * diffViews/filesInView.ts), and the general comments (about the whole review)
 * with their form.
 */
import { changedFilesLabel, OVERVIEW_WORDS, signedCount } from '@redline/core';
import { AnnotationCard } from './AnnotationCard.js';
import { ComposerForm } from '../composer/ComposerForm.js';
import { useController, useReview } from '../app/reviewContext.js';
import { useShallow } from 'zustand/react/shallow';
import { totalsInView } from '../diffViews/filesInView.js';
import { ProposalList } from '../proposals/ProposalList.js';
import { ThreadList } from '../threads/ThreadList.js';
import { waitingItemsOf, waitingWords } from './waitingItems.js';

export function ReviewOverview() {
  const controller = useController();
  const target = useReview((s) => s.review?.target.description ?? '');
  const totals = useReview(
    useShallow((s) => {
      const { files, additions, deletions } = totalsInView(s);
      return [files, additions, deletions] as const;
    }),
  );
  const generalIds = useReview(useShallow((s) => s.annotations.filter((a) => a.scope === 'general').map((a) => a.id)));
  const composingGeneral = useReview((s) => s.composer?.target.scope === 'general' && s.composer.editingId === null);
  const [count, additions, deletions] = totals;
  const whitespaceHidden = useReview((s) => s.settings.hideWhitespace);
  return (
    <section className="overview" aria-label="Review overview">
      <div className="overview-line">
        <span className="overview-target">{target}</span>
        <span className="overview-stats" data-testid="overview-totals">
          {changedFilesLabel(count)} <span className="count-add">{signedCount('+', additions, { grouped: true })}</span>{' '}
          <span className="count-del">{signedCount('−', deletions, { grouped: true })}</span>
          {whitespaceHidden ? <span className="totals-label"> without whitespace changes</span> : null}
        </span>
        {whitespaceHidden ? <WhitespaceHiddenNotice /> : null}
        <span className="spacer" />
        {!composingGeneral ? (
          <button type="button" className="btn btn-small" onClick={() => controller.openComment({ scope: 'general' })}>
            {OVERVIEW_WORDS.generalComment}
          </button>
        ) : null}
      </div>
      <WaitingWhenNothingChanged />
      {generalIds.length > 0 || composingGeneral ? (
        <div className="overview-general">
          {generalIds.map((id) => (
            <AnnotationCard key={id} id={id} />
          ))}
          {composingGeneral ? <ComposerForm /> : null}
        </div>
      ) : null}
    </section>
  );
}

/** Hide whitespace (Settings) is on: said beside the totals, with the way back. */
function WhitespaceHiddenNotice() {
  const controller = useController();
  const reloading = useReview((s) => s.reloading);
  return (
    <span className="whitespace-notice" role="note">
      <span aria-hidden="true">⚠ </span>Whitespace changes hidden ·{' '}
      <button type="button" className="btn-inline" disabled={reloading} onClick={() => void controller.setHideWhitespace(false)}>
        show
      </button>
    </span>
  );
}

/**
 * "Since round N" with no file changed: says so, and shows first what waits
 * for the reviewer (the agent's pending proposals, with Accept and Reject,
 * and the open threads), since every file is folded.
 */
function WaitingWhenNothingChanged() {
  const round = useReview((s) => (s.roundView === 'since-last' && s.roundChanges.kind === 'ready' && ![...s.roundChanges.changed].some((path) => s.fileById.has(path)) ? s.roundChanges.round : null));
  const words = useReview((s) => waitingWords(waitingItemsOf(s)));
  if (round === null || words === '') return null;
  return (
    <section className="overview-waiting" aria-label="Waiting for you">
      <p>
        <strong>No file changed since round {round}.</strong> Waiting for you: {words}.
      </p>
      <ProposalList />
      <ThreadList which="open" />
    </section>
  );
}
