/**
 * The sidebar's "Threads" group under this round's comments: every thread of
 * the earlier rounds with its round and state, resolved ones included (they
 * fold away in the diff but stay listed here); click one to go to its lines.
 */
import type { Thread } from '@redline/core';
import { useController, useReview } from '../app/reviewContext.js';
import type { ReviewController } from '../app/reviewController.js';
import { ThreadStateChips } from './ThreadCard.js';
import { describeThreadLines, kindLabel } from './threadWords.js';
import './threads.css';

export function ThreadList() {
  const controller = useController();
  const threads = useReview((s) => s.review?.rounds?.threads);
  if (!threads || threads.length === 0) return null;
  return (
    <section className="annotation-list thread-list" aria-label="Threads">
      <h3 className="annotation-group-title">Threads from earlier rounds</h3>
      <ul>
        {threads.map((thread) => (
          <li key={thread.id} className="annotation-item">
            <button type="button" className="annotation-jump" onClick={() => jumpToThread(controller, thread)}>
              <span className="annotation-item-top">
                <span className="badge badge-round">R{thread.round}</span> <span className={`badge badge-${thread.kind}`}>{kindLabel(thread)}</span>{' '}
                <span className="annotation-anchor">{describeThreadLines(thread)}</span> <ThreadStateChips thread={thread} />
              </span>{' '}
              <span className="annotation-excerpt">
                <code>{thread.path}</code> {thread.annotation.text.split('\n')[0]}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
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
