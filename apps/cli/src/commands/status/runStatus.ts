/**
 * `redline status [--json]`: how the repository's review session stands:
 * open, sent or closed (or ended, when its server is gone: then it is
 * cleaned up), the diff's counts and whether the review link was opened.
 * Never the link's token, the agent key or any other secret.
 */
import { AgentClient } from '../../agent/agentClient.js';
import type { CliIo } from '../../cliIo.js';
import { RedlineError } from '../../errors.js';
import type { AgentStatusAnswer } from '../../server/agent/agentApi.js';
import { clockTime } from '../../server/link/spentLinkNotice.js';
import { SessionStore, type FoundSession } from '../../sessions/sessionStore.js';
import { openSessionVerb } from '../parseSessionArgs.js';
import { STATUS_HELP } from './statusHelp.js';

export interface SessionStatus {
  session: string;
  state: 'open' | 'sent' | 'closed' | 'ended';
  mode: 'foreground' | 'detached';
  pid: number;
  port: number;
  target: string;
  startedAt: string;
  /** Live details, from the server; null once it has stopped. */
  live: AgentStatusAnswer | null;
}

export async function runStatus(argv: readonly string[], io: CliIo): Promise<number> {
  const opened = await openSessionVerb('status', argv, io, STATUS_HELP);
  if (!opened) return 0;
  const { args, store } = opened;
  const status = await readStatus(store, await store.find());
  io.stdout.write(args.json ? `${JSON.stringify(status, null, 2)}\n` : statusText(status));
  return 0;
}

async function readStatus(store: SessionStore, found: FoundSession): Promise<SessionStatus> {
  if (found.kind === 'none') throw new RedlineError('no-session', "no review session in this repository; start one with 'redline start'");
  const { id, state, mode, pid, port, target, startedAt } = found.record;
  const base = { session: id, mode, pid, port, target, startedAt };
  if (found.kind === 'gone') return { ...base, state: 'ended', live: null };
  if (found.kind === 'ended') return { ...base, state, live: null };
  const live = await new AgentClient(port, await store.readAgentKey(id)).status().catch(() => null);
  return { ...base, state: live?.state ?? state, live };
}

function statusText(status: SessionStatus): string {
  const lines = [`review session ${status.session}: ${stateWords(status)}`, `target: ${status.target}`];
  const live = status.live;
  if (live) {
    lines.push(`diff: ${live.files} file${live.files === 1 ? '' : 's'}, +${live.additions} -${live.deletions}`);
    lines.push(`link: ${live.linkOpened ? `opened by ${live.linkOpened.by} at ${clockTime(live.linkOpened.at)} (if that was not the reviewer: redline stop)` : 'not opened yet'}`);
    if (live.annotations) lines.push(`feedback: ${live.annotations.comments} comment(s), ${live.annotations.suggestions} suggestion(s)`);
  }
  return `${lines.join('\n')}\n`;
}

function stateWords(status: SessionStatus): string {
  switch (status.state) {
    case 'open':
      return `open (pid ${status.pid}, port ${status.port}, since ${status.startedAt})`;
    case 'sent':
      return "feedback sent; collect it with 'redline wait'";
    case 'closed':
      return "closed without feedback ('redline wait' exits 3)";
    case 'ended':
      return `ended: its server (pid ${status.pid}) is gone without feedback; cleaned up`;
  }
}
