/** A thread's acts, oldest first: the reviewer's and the agent's replies, resolves and reopens, then this round's unsent ones. */
import type { Thread, ThreadActInput } from '@redline/core';
import { useController } from '../app/reviewContext.js';
import { Markdown } from '../markdown/Markdown.js';
import { actorOf, PENDING_WORDS, verbOf } from './threadWords.js';

export function ThreadHistory({ thread, pending }: { thread: Thread; pending: readonly ThreadActInput[] }) {
  const controller = useController();
  if (thread.acts.length === 0 && pending.length === 0) return null;
  return (
    <ol className="thread-history" aria-label="History">
      {thread.acts.map((act, i) => (
        <li key={i} className={`thread-act thread-act-${act.by}`}>
          <span className="thread-act-who">{actorOf(act)}</span> <span className="muted">{verbOf(act)}</span>
          <ActText text={act.text} />
        </li>
      ))}
      {pending.map((act, i) => (
        <li key={`p${i}`} className="thread-act thread-act-pending">
          <span className="thread-act-who">{PENDING_WORDS[act.act]}</span>{' '}
          <button type="button" className="btn btn-small btn-quiet" onClick={() => controller.store.getState().undoThreadAct(thread.id, act.act)}>
            Undo
          </button>
          <ActText text={act.text} />
        </li>
      ))}
    </ol>
  );
}

function ActText({ text }: { text: string }) {
  if (!text) return null;
  return (
    <Markdown className="thread-act-text" text={text} />
  );
}
