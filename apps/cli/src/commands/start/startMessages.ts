/**
 * What the detached review server (`redline serve-session`, spawned by
 * `redline start`) tells its parent over the IPC channel: its stderr lines
 * (the summary, the review link, an error) until it is serving, then that it
 * is ready. The link reaches the parent's stderr this way and is never
 * written to a file.
 */
export type StartMessage = { kind: 'line'; text: string } | { kind: 'ready'; session: string; pid: number; port: number };

export function isStartMessage(value: unknown): value is StartMessage {
  if (typeof value !== 'object' || value === null) return false;
  const kind = (value as { kind?: unknown }).kind;
  return kind === 'line' || kind === 'ready';
}
