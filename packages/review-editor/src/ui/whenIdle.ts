/**
 * Runs `task` when the page is next idle, at the latest after `timeoutMs`; where there is no
 * requestIdleCallback (Safari), after `fallbackMs`. Returns the cancel, for an effect's cleanup.
 */
export function whenIdle(task: () => void, { timeoutMs, fallbackMs }: { timeoutMs: number; fallbackMs: number }): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(task, fallbackMs);
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(task, { timeout: timeoutMs });
  return () => cancelIdleCallback(idle);
}
