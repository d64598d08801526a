/** How a pull request's review thread is named: its lines (the core's words) and side, or outdated. */
import { lineSpanWords, type ForgeThread } from '@redline/core';

export function forgeThreadLines(thread: ForgeThread): string {
  if (thread.line === null) return 'outdated';
  const lines = lineSpanWords({ startLine: thread.startLine ?? thread.line, endLine: thread.line });
  return thread.side === 'LEFT' ? `${lines} (old)` : lines;
}
