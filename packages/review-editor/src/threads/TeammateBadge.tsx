/** "by @Alice" on a teammate's thread: whose it is, and why it has no Resolve for you. */
import './threads.css';

export function TeammateBadge({ reviewer }: { reviewer: string }) {
  return (
    <span className="badge badge-teammate" title={`${reviewer}'s thread: only ${reviewer} resolves or reopens it; a reply is recorded under your name`}>
      by {reviewer}
    </span>
  );
}
