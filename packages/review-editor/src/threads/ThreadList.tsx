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
import { describeThreadLines, kindLabel } from './threadWords.js';
import './threads.css';

export function ThreadList() {
  const controller = useController();
  const threads = useReview((s) => s.review?.rounds?.threads);
  const you = useReview((s) => s.reviewerCheck);
  if (!threads || threads.length === 0) return <TeammateRounds />;
  return (
    <>
      <TeammateRounds />
      <section className="annotation-list thread-list" aria-label="Threads">
        <h3 className="annotation-group-title">Threads from earlier rounds</h3>
        <ul>
          {threads.map((thread) => (
            <li key={thread.id} className="annotation-item">
              <button type="button" className="annotation-jump" onClick={() => jumpToThread(controller, thread)}>
                <ThreadItemTop thread={thread} owner={ownershipOf(thread, you)} />{' '}
                <span className="annotation-excerpt">
                  <code>{thread.path}</code> {thread.annotation.text.split('\n')[0]}
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
