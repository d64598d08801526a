/**
 * What the detached review server (`redline serve-session`, spawned by
 * `redline start`) tells its parent over the IPC channel: its stderr lines
 * (the summary, an error) until it is serving, then that it is ready, with
 * the review link and whether a browser was opened on it. The parent writes
 * the link to its terminal, if it has one (commands/review/linkNotice.ts);
 * it is never written to a file or to a stderr that is not a terminal.
 */
import type { BrowserOutcome } from '../review/linkNotice.js';

export type StartMessage =
  | { kind: 'line'; text: string }
  | { kind: 'ready'; session: string; pid: number; port: number; link: string; browser: BrowserOutcome };

export function isStartMessage(value: unknown): value is StartMessage {
  if (typeof value !== 'object' || value === null) return false;
  const kind = (value as { kind?: unknown }).kind;
  return kind === 'line' || kind === 'ready';
}
