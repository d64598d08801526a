/**
 * `redline start [target] [options] [--json]`: starts the review server
 * detached from the calling process, so it outlives the tool call that ran
 * this (an agent's shell tool stops a command after 2 minutes): the CLI
 * itself is spawned as `redline serve-session …` in a new process group,
 * with no stdio of ours and an IPC channel only until it serves. It relays
 * the summary to our stderr and opens the browser unless --no-open; we
 * print the review link only if our stderr is a terminal (linkNotice.ts: an
 * agent that runs `redline start` never holds it) and exit 0 at once;
 * `redline wait` collects the feedback.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { findStateDir } from '../../agent/findStateDir.js';
import { announceLink } from '../review/linkNotice.js';
import type { CliIo } from '../../cliIo.js';
import { EXIT, RedlineError } from '../../errors.js';
import { SessionStore } from '../../sessions/sessionStore.js';
import type { ReviewOptions } from '../review/parseArgs.js';
import { parseStartArgs } from './parseStartArgs.js';
import { START_HELP } from './startHelp.js';
import { isStartMessage, type StartMessage } from './startMessages.js';

/**
 * The script this process runs: apps/cli/bin/redline.js, or the published
 * package's bin (its CLI is bundled into one file, so no path relative to this
 * module would find it). The child gets the same entry, and with it the same
 * built page.
 */
function cliEntry(): string {
  const entry = process.argv[1];
  if (!entry) throw new RedlineError('internal', 'cannot tell which script runs redline, so the review server cannot be started');
  return entry;
}

type Ready = Extract<StartMessage, { kind: 'ready' }>;

/** How the caller collects the feedback, said once the review is open: the CLI's words; the MCP tool passes its own. */
export const COLLECT_WITH_WAIT = "collect the feedback with 'redline wait --timeout 90' (exit 4: still open, wait again)";

export async function runStart(argv: readonly string[], io: CliIo, collect = COLLECT_WITH_WAIT): Promise<number> {
  const args = parseStartArgs(argv);
  if (args.kind === 'help') {
    io.stdout.write(START_HELP);
    return 0;
  }
  // Refused here already, so a second start says so without spawning anything (the server checks again).
  await new SessionStore(await stateDirOf(args.options, io)).assertNoOpenReview();
  const child = spawn(process.execPath, [cliEntry(), 'serve-session', ...argv], {
    cwd: io.cwd,
    env: io.env,
    detached: true,
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  const ready = await relayUntilReady(child, io);
  if (typeof ready === 'number') return ready;
  child.disconnect();
  child.unref();
  announceLink(ready.link, ready.browser, io);
  if (args.options.json) io.stdout.write(`${JSON.stringify({ session: ready.session, pid: ready.pid, port: ready.port })}\n`);
  io.stderr.write(`Review session ${ready.session} is open (pid ${ready.pid}, port ${ready.port}); ${collect}.\n`);
  return EXIT.feedbackSent;
}

function stateDirOf(options: ReviewOptions, io: CliIo): Promise<string> {
  return findStateDir(io.cwd, options.repo);
}

/** The child's lines go to our stderr until it is ready; if it exits first, its exit code is ours. */
function relayUntilReady(child: ChildProcess, io: CliIo): Promise<Ready | number> {
  return new Promise((resolve, reject) => {
    child.on('message', (message: unknown) => {
      if (!isStartMessage(message)) return;
      if (message.kind === 'line') io.stderr.write(message.text);
      else resolve(message);
    });
    // 'close', not 'exit': it comes after every message the child sent.
    child.once('close', (code) => resolve(code ?? EXIT.error));
    child.once('error', (error) => reject(new RedlineError('internal', `could not start the review server: ${error.message}`)));
  });
}
