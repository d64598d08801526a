/**
 * The sidebar's "On GitHub" group: every unresolved review thread of the pull
 * request under review, outdated ones included (they have no line in the
 * diff, so this is where they are shown, with their comments); click a
 * current one to go to its line.
 */
import type { ForgeThread } from '@redline/core';
import { useController, useReview } from '../app/reviewContext.js';
import type { ReviewController } from '../app/reviewController.js';
import { Markdown } from '../markdown/Markdown.js';
import { ForgeThreadBadge } from './ForgeThreadCard.js';
import { forgeThreadSide } from './forgeThreadSlots.js';
import { forgeThreadLines } from './forgeThreadWords.js';
import './threads.css';

export function ForgeThreadList() {
  const controller = useController();
  const pullRequest = useReview((s) => s.review?.pullRequest);
  if (!pullRequest || pullRequest.threads.length === 0) return null;
  return (
    <section className="annotation-list thread-list forge-thread-list" aria-label="Threads on GitHub">
      <h3 className="annotation-group-title">
        On GitHub <span className="counter">{pullRequest.threads.length}</span> <span className="muted">unresolved</span>
      </h3>
      <ul>
        {pullRequest.threads.map((thread) => (
          <li key={thread.id} className="annotation-item">
            {thread.line === null ? (
              <OutdatedThread thread={thread} />
            ) : (
              <button type="button" className="annotation-jump" onClick={() => jumpToForgeThread(controller, thread)}>
                <ThreadItemTop thread={thread} /> <ThreadExcerpt thread={thread} />
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ThreadItemTop({ thread }: { thread: ForgeThread }) {
  return (
    <span className="annotation-item-top">
      <ForgeThreadBadge thread={thread} /> <span className="annotation-anchor">{forgeThreadLines(thread)}</span>
    </span>
  );
}

function ThreadExcerpt({ thread }: { thread: ForgeThread }) {
  return (
    <span className="annotation-excerpt">
      <code>{thread.path}</code> {thread.comments[0]?.body.split('\n')[0] ?? ''}
    </span>
  );
}

/** No line to go to: the thread is shown here, whole. */
function OutdatedThread({ thread }: { thread: ForgeThread }) {
  return (
    <div className="forge-thread-outdated" data-forge-thread={thread.id}>
      <ThreadItemTop thread={thread} /> <code>{thread.path}</code>
      {thread.comments.map((comment, i) => (
        <div key={i} className="thread-act">
          <span className="thread-act-who">@{comment.author}</span>
          <Markdown className="thread-act-text" text={comment.body} />
        </div>
      ))}
    </div>
  );
}

function jumpToForgeThread(controller: ReviewController, thread: ForgeThread) {
  if (!controller.store.getState().fileById.has(thread.path) || thread.line === null) return;
  controller.jumpToLine(thread.path, forgeThreadSide(thread), thread.startLine ?? thread.line);
}
