/**
 * An earlier round's comment or suggestion, where its lines are now: its
 * round, the core's state, what changed, the history of replies, and the
 * reviewer's Reply / Resolve / Reopen (sent with this round's feedback).
 * Resolved threads fold to their header. A teammate's thread says whose it
 * is and offers only Reply (teammateThreads.ts).
 */
import type { Thread } from '@redline/core';
import { useShallow } from 'zustand/react/shallow';
import { useController, useReview } from '../app/reviewContext.js';
import { SuggestionDiff } from '../annotations/SuggestionDiff.js';
import { LabelChip } from '../annotations/LabelChip.js';
import { TextWithChips } from '../ui/TextWithChips.js';
import { Markdown } from '../markdown/Markdown.js';
import { ThreadActions } from './ThreadActions.js';
import { ThreadHistory } from './ThreadHistory.js';
import { TeammateBadge } from './TeammateBadge.js';
import { ProposedByTheAgent } from '../proposals/ProposalCard.js';
import { ownershipOf, type ThreadOwnership } from './teammateThreads.js';
import { waitingItemsOf } from '../annotations/waitingItems.js';
import { describeThreadLines, isFolded, kindLabel, STATE_HINTS, STATE_LABELS } from './threadWords.js';
import './threads.css';
import { markdownExcerpt } from '../markdown/markdownExcerpt.js';

export function ThreadCard({ id }: { id: string }) {
  const controller = useController();
  const thread = useReview((s) => s.review?.rounds?.threads.find((t) => t.id === id));
  const pending = useReview(useShallow((s) => s.threadActs.filter((a) => a.thread === id)));
  const toggled = useReview((s) => s.foldToggled.has(id));
  const you = useReview((s) => s.reviewerCheck);
  if (!thread) return null;
  const folded = isFolded(thread, pending, toggled);
  const owner = ownershipOf(thread, you);
  const by = owner.kind === 'teammate' ? `, by ${owner.reviewer}` : '';
  const name = `${kindLabel(thread)} from round ${thread.round}, ${describeThreadLines(thread)}, ${STATE_LABELS[thread.state]}${by}`;
  return (
    <article className={`thread-card thread-${thread.state}${folded ? ' is-folded' : ''}${by ? ' is-teammate' : ''}`} aria-label={name} data-thread={thread.id}>
      <ThreadHeader thread={thread} owner={owner} folded={folded} onToggle={() => controller.store.getState().toggleThreadFold(id)} />
      {folded ? null : (
        <>
          <ThreadBody thread={thread} />
          <ThreadHistory thread={thread} pending={pending} />
          <ThreadActions thread={thread} pending={pending} owner={owner} />
        </>
      )}
    </article>
  );
}

/** Its state, or the one it will have once this round is sent (a pending Resolve or Reopen): "Resolved on Send". */
export function ThreadStateChips({ thread }: { thread: Thread }) {
  const after = useReview((s) => waitingItemsOf(s).afterSend.get(thread.id));
  return (
    <>
      {after ? (
        <span className={`chip thread-state thread-state-${after}`} title={`${STATE_LABELS[thread.state]} now; ${STATE_LABELS[after].toLowerCase()} once you send this round`}>
          {STATE_LABELS[after]} on Send
        </span>
      ) : (
        <span className={`chip thread-state thread-state-${thread.state}`} title={STATE_HINTS[thread.state]}>
          {STATE_LABELS[thread.state]}
        </span>
      )}
      {thread.kind === 'suggestion' ? <span className={`chip ${thread.applied ? 'thread-applied' : ''}`}>{thread.applied ? 'Applied' : 'Not applied'}</span> : null}
    </>
  );
}

function ThreadHeader({ thread, owner, folded, onToggle }: { thread: Thread; owner: ThreadOwnership; folded: boolean; onToggle(): void }) {
  return (
    <header className="annotation-header thread-header">
      <span className="badge badge-round">Round {thread.round}</span>
      {owner.kind === 'teammate' ? <TeammateBadge reviewer={owner.reviewer} /> : null}
      <span className={`badge badge-${thread.kind}`}>{kindLabel(thread)}</span>
      {thread.annotation.proposal !== undefined ? <ProposedByTheAgent /> : null}
      <span className="annotation-anchor">{describeThreadLines(thread)}</span>
      {thread.annotation.label ? <LabelChip label={thread.annotation.label} /> : null}
      <ThreadStateChips thread={thread} />
      {folded ? <span className="thread-excerpt muted">{markdownExcerpt(thread.annotation.text)}</span> : null}
      <span className="spacer" />
      <button type="button" className="btn btn-small btn-quiet" aria-expanded={!folded} onClick={onToggle}>
        {folded ? 'Show' : 'Fold'}
      </button>
    </header>
  );
}

function ThreadBody({ thread }: { thread: Thread }) {
  const { annotation, code } = thread;
  const quote = annotation.kind === 'suggestion' ? null : code.recorded;
  return (
    <>
      {annotation.text ? (
        <Markdown className="annotation-text" text={annotation.text} />
      ) : null}
      {annotation.kind === 'suggestion' ? <SuggestionDiff originalCode={annotation.originalCode} suggestedCode={annotation.suggestedCode} deletion={annotation.deletion} /> : null}
      {thread.state === 'changed' && code.recorded !== null && code.now !== null ? (
        <div className="thread-change" role="group" aria-label={`Changed since round ${thread.round}`}>
          <div className="thread-note">Changed since round {thread.round}:</div>
          <SuggestionDiff originalCode={code.recorded} suggestedCode={code.now} deletion={false} />
        </div>
      ) : null}
      {thread.state === 'outdated' && quote !== null ? (
        <pre className="annotation-snippet" aria-label="The lines it was about">
          <TextWithChips text={quote} />
        </pre>
      ) : null}
    </>
  );
}
