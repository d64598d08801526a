/** How a thread's state, lines and acts read in the page (the states themselves are the core's). */
import type { Thread, ThreadAct, ThreadActInput, ThreadState } from '@redline/core';

export const STATE_LABELS: Record<ThreadState, string> = {
  open: 'Open',
  changed: 'Changed',
  addressed: 'Addressed',
  resolved: 'Resolved',
  outdated: 'Outdated',
};

export const STATE_HINTS: Record<ThreadState, string> = {
  open: 'Its lines are still there, unchanged',
  changed: 'The code it points at changed since its round',
  addressed: 'The agent says it dealt with it',
  resolved: 'Its reviewer resolved it',
  outdated: 'Its lines are gone',
};

export function kindLabel(thread: Thread): string {
  return thread.kind === 'suggestion' ? 'Suggestion' : 'Comment';
}

/** "Lines 4–5 now", "File", "General", or "Lines gone" for an outdated line thread. */
export function describeThreadLines(thread: Thread): string {
  if (thread.annotation.scope === 'general') return 'General';
  if (thread.annotation.scope === 'file') return 'File';
  if (thread.lines === null) return 'Lines gone';
  const { startLine, endLine } = thread.lines;
  const old = thread.annotation.side === 'old' ? ' (old)' : '';
  return startLine === endLine ? `Line ${startLine}${old}` : `Lines ${startLine}–${endLine}${old}`;
}

export function actorOf(act: ThreadAct): string {
  return act.by === 'agent' ? 'Agent' : (act.reviewer ?? 'Reviewer');
}

const VERBS: Record<ThreadAct['act'], string> = { reply: 'replied', resolve: 'resolved', reopen: 'reopened', addressed: 'addressed it' };

export function verbOf(act: Pick<ThreadAct, 'act'>): string {
  return VERBS[act.act];
}

export const PENDING_WORDS: Record<ThreadActInput['act'], string> = {
  reply: 'Your reply, sent with this round',
  resolve: 'Resolved when you send',
  reopen: 'Reopened when you send',
};

/**
 * Whether a thread shows folded: a resolved one (or one you resolve in this
 * round) folds away unless reopened in this round; the reviewer's toggle
 * flips that.
 */
export function isFolded(thread: Thread, pending: readonly ThreadActInput[], toggled: boolean): boolean {
  const last = pending.filter((a) => a.act !== 'reply').at(-1);
  const resolved = last ? last.act === 'resolve' : thread.state === 'resolved';
  return resolved !== toggled;
}
