/**
 * One of the pull request's unresolved review threads on GitHub, under its
 * line, read-only: who wrote each comment ("on GitHub · @login") and what,
 * rendered by the page's one markdown renderer and its sanitizer (the bodies
 * are the forge's, untrusted). No reply or resolve here: those are GitHub's.
 * Drawn as the earlier rounds' thread cards are (threads.css).
 */
import type { ForgeThread } from '@redline/core';
import { useReview } from '../app/reviewContext.js';
import { Markdown } from '../markdown/Markdown.js';
import { forgeThreadLines } from './forgeThreadWords.js';
import './threads.css';

export function ForgeThreadCard({ id }: { id: string }) {
  const thread = useReview((s) => s.review?.pullRequest?.threads.find((t) => t.id === id));
  if (!thread) return null;
  const first = thread.comments[0];
  const name = `Thread on GitHub by @${first?.author ?? 'ghost'}, ${forgeThreadLines(thread)}`;
  return (
    <article className="thread-card forge-thread-card" aria-label={name} data-forge-thread={thread.id}>
      <header className="annotation-header thread-header">
        <ForgeThreadBadge thread={thread} />
        <span className="annotation-anchor">{forgeThreadLines(thread)}</span>
        <span className="chip muted">Read-only</span>
      </header>
      <ForgeThreadComments thread={thread} />
    </article>
  );
}

export function ForgeThreadBadge({ thread }: { thread: ForgeThread }) {
  return <span className="badge badge-forge">on GitHub · @{thread.comments[0]?.author ?? 'ghost'}</span>;
}

function ForgeThreadComments({ thread }: { thread: ForgeThread }) {
  return (
    <ol className="thread-history" aria-label="Comments on GitHub">
      {thread.comments.map((comment, i) => (
        <li key={i} className="thread-act">
          <span className="thread-act-who">@{comment.author}</span> <span className="muted">{i === 0 ? 'wrote' : 'replied'}</span>
          <Markdown className="thread-act-text" text={comment.body} />
        </li>
      ))}
    </ol>
  );
}
