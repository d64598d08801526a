/**
 * The sidebar's "Threads" group under this round's comments: every thread of
 * the earlier rounds with its round and state, resolved ones included (they
 * fold away in the diff but stay listed here); click one to go to its lines.
 * A teammate's thread carries their name; their rounds' verdicts are above.
 */
import type { Thread } from '@redline/core';
import { useController, useReview } from '../app/reviewContext.js';
import type { ReviewController } from '../app/reviewController.js';
import { ThreadStateChips } from './ThreadCard.js';
import { TeammateBadge } from './TeammateBadge.js';
import { TeammateRounds } from './TeammateRounds.js';
import { ownershipOf, type ThreadOwnership } from './teammateThreads.js';
import { waitingItemsOf } from '../annotations/waitingItems.js';
import { describeThreadLines, kindLabel } from './threadWords.js';
import './threads.css';
import { markdownExcerpt } from '../markdown/markdownExcerpt.js';

/** `all`: the sidebar's list (the teammates' rounds above it); `open`: only the threads still open, as "Waiting for you" lists them. */
export function ThreadList({ which = 'all' }: { which?: 'all' | 'open' }) {
  const controller = useController();
  const all = useReview((s) => s.review?.rounds?.threads);
  const you = useReview((s) => s.reviewerCheck);
  // Still open after this Send (the export's rule): what waits for the reviewer.
  const open = useReview((s) => waitingItemsOf(s).threads);
  const threads = which === 'open' ? open : all;
  const teammates = which === 'all' ? <TeammateRounds /> : null;
  if (!threads || threads.length === 0) return teammates;
  return (
    <>
      {teammates}
      <section className="annotation-list thread-list" aria-label={which === 'open' ? 'Open threads' : 'Threads'}>
        <h3 className="annotation-group-title annotation-group-words">
          Threads from earlier rounds <span className="counter">{open.length}</span> <span className="muted">open of {all?.length ?? 0}</span>
        </h3>
        <ul>
          {threads.map((thread) => (
            <li key={thread.id} className="annotation-item">
              <button type="button" className="annotation-jump" onClick={() => jumpToThread(controller, thread)}>
                <ThreadItemTop thread={thread} owner={ownershipOf(thread, you)} />{' '}
                <span className="annotation-excerpt">
                  <span className="annotation-path">{thread.path}</span> {markdownExcerpt(thread.annotation.text)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function ThreadItemTop({ thread, owner }: { thread: Thread; owner: ThreadOwnership }) {
  return (
    <span className="annotation-item-top">
      <span className="badge badge-round">R{thread.round}</span> <span className={`badge badge-${thread.kind}`}>{kindLabel(thread)}</span>{' '}
      <span className="annotation-anchor">{describeThreadLines(thread)}</span> <ThreadStateChips thread={thread} />
      {owner.kind === 'teammate' ? <TeammateBadge reviewer={owner.reviewer} /> : null}
    </span>
  );
}

function jumpToThread(controller: ReviewController, thread: Thread) {
  const s = controller.store.getState();
  if (thread.annotation.scope === 'general') return;
  if (!s.fileById.has(thread.path)) return;
  if (thread.lines === null) return controller.jumpToFile(thread.path);
  const side = thread.annotation.scope === 'line' ? thread.annotation.side : 'new';
  controller.jumpToLine(thread.path, side, thread.lines.startLine);
}
