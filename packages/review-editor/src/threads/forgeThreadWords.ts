/** How a pull request's review thread is named: its lines and side, or outdated. */
import type { ForgeThread } from '@redline/core';

export function forgeThreadLines(thread: ForgeThread): string {
  if (thread.line === null) return 'outdated';
  const lines = thread.startLine !== null && thread.startLine !== thread.line ? `lines ${thread.startLine}-${thread.line}` : `line ${thread.line}`;
  return thread.side === 'LEFT' ? `${lines} (old)` : lines;
}
