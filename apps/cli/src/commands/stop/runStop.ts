/**
 * `redline stop`: ends the repository's review session without feedback
 * (the reviewer's draft is kept), and waits until its server is gone. A
 * session whose server already went, or whose feedback was never
 * collected, is just removed (the copy under reviews/ stays).
 */
import { AgentClient } from '../../agent/agentClient.js';
import type { CliIo } from '../../cliIo.js';
import { RedlineError } from '../../errors.js';
import { isProcessAlive } from '../../sessions/isProcessAlive.js';
import { openSessionVerb } from '../parseSessionArgs.js';
import { STOP_HELP } from './stopHelp.js';

/** A server asked to stop closes in milliseconds; this is for a slow machine. */
const STOP_WAIT_MS = 10_000;

export async function runStop(argv: readonly string[], io: CliIo): Promise<number> {
  const opened = await openSessionVerb('stop', argv, io, STOP_HELP);
  if (!opened) return 0;
  const { store } = opened;
  const found = await store.find();
  if (found.kind === 'none') throw new RedlineError('no-session', 'no review session in this repository');
  const { id, pid, port } = found.record;
  if (found.kind === 'live') {
    await new AgentClient(port, await store.readAgentKey(id)).stop();
    if (!(await exited(pid))) throw new RedlineError('session-gone', `the review server (pid ${pid}) did not stop within ${STOP_WAIT_MS / 1000} s`);
  }
  await store.remove(id);
  io.stderr.write(found.kind === 'live' ? `Review stopped (pid ${pid}); the draft is kept.\n` : `Review session ${id} removed.\n`);
  return 0;
}

async function exited(pid: number): Promise<boolean> {
  const until = Date.now() + STOP_WAIT_MS;
  while (isProcessAlive(pid)) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
