/** Reply, Resolve and Reopen on an earlier round's thread: the reviewer's acts, sent with this round (only the thread's own reviewer resolves: a teammate's thread has Reply alone). */
import type { Thread, ThreadActInput } from '@redline/core';
import { useId, useState } from 'react';
import { useController } from '../app/reviewContext.js';
import { isModEnter } from '../navigation/shortcuts.js';
import type { ThreadOwnership } from './teammateThreads.js';

export function ThreadActions({ thread, pending, owner }: { thread: Thread; pending: readonly ThreadActInput[]; owner: ThreadOwnership }) {
  const controller = useController();
  const [replying, setReplying] = useState(false);
  const state = controller.store.getState();
  const last = pending.filter((a) => a.act !== 'reply').at(-1);
  const resolved = last ? last.act === 'resolve' : thread.state === 'resolved';
  if (replying) return <ReplyForm onDone={(text) => { if (text.trim()) state.actOnThread(thread.id, 'reply', text.trim()); setReplying(false); }} />;
  return (
    <div className="thread-actions">
      <button type="button" className="btn btn-small" onClick={() => setReplying(true)}>
        Reply
      </button>
      {owner.kind === 'teammate' ? (
        <span className="muted thread-note">Only {owner.reviewer} resolves it; your reply is recorded under your name.</span>
      ) : resolved ? (
        <button type="button" className="btn btn-small" onClick={() => (last?.act === 'resolve' ? state.undoThreadAct(thread.id, 'resolve') : state.actOnThread(thread.id, 'reopen'))}>
          Reopen
        </button>
      ) : (
        <button type="button" className="btn btn-small" onClick={() => (last?.act === 'reopen' ? state.undoThreadAct(thread.id, 'reopen') : state.actOnThread(thread.id, 'resolve'))}>
          Resolve
        </button>
      )}
    </div>
  );
}

function ReplyForm({ onDone }: { onDone(text: string): void }) {
  const [text, setText] = useState('');
  const id = useId();
  return (
    <div className="thread-reply">
      <label htmlFor={id} className="field-label">
        Reply
      </label>
      <textarea
        id={id}
        className="text-input"
        rows={3}
        value={text}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (isModEnter(event)) {
            event.preventDefault();
            onDone(text);
          } else if (event.key === 'Escape') onDone('');
        }}
      />
      <div className="thread-actions">
        <button type="button" className="btn btn-small btn-primary" disabled={text.trim() === ''} onClick={() => onDone(text)}>
          Add reply
        </button>
        <button type="button" className="btn btn-small" onClick={() => onDone('')}>
          Cancel
        </button>
      </div>
    </div>
  );
}
