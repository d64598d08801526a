/**
 * `redline serve-session …` (internal: spawned by `redline start`, not for
 * people): serves one review detached from any terminal. Its stderr lines
 * go to the parent over IPC until it is serving, then the ready message with
 * the link (the parent prints it only to a terminal); after that to the
 * session's 0600 server.log (nothing later carries a secret). On feedback it keeps the feedback in the
 * session's folder for `redline wait`, does what plain `redline` does with a
 * sent review (copies, drafts, --output), records the ending and exits.
 */
import { appendFileSync } from 'node:fs';
import type { CliIo, TextSink } from '../../cliIo.js';
import { EXIT } from '../../errors.js';
import type { ReviewOutcome } from '../../review/reviewSession.js';
import { countAnnotations } from '../../server/agent/countAnnotations.js';
import { keepFeedback } from '../review/keepFeedback.js';
import type { ReviewOptions } from '../review/parseArgs.js';
import { serveReview, type OnCleanup, type ServedReview } from '../review/serveReview.js';
import { reportError } from '../reportError.js';
import { parseStartArgs } from '../start/parseStartArgs.js';
import type { StartMessage } from '../start/startMessages.js';

/** Lets a wait's answer leave before the server closes (the waiter re-reads the record either way). */
const CLOSE_GRACE_MS = 200;

type Ending = ReviewOutcome | { kind: 'stopped'; code: number };

export async function runServeSession(argv: readonly string[], io: CliIo): Promise<number> {
  const stderr = new RelayedStderr();
  // Detached: no terminal of its own; the link goes to the parent with the ready message.
  const detachedIo: CliIo = { ...io, stderr, stdout: { write: () => true }, terminal: null };
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const args = parseStartArgs(argv);
    if (args.kind === 'help') return EXIT.usage;
    return await serveUntilEnd(args.options, detachedIo, stderr, async (cleanup) => void cleanups.push(cleanup));
  } catch (error) {
    return reportError(error, stderr, 'redline start');
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    if (process.connected) process.disconnect();
  }
}

async function serveUntilEnd(options: ReviewOptions, io: CliIo, stderr: RelayedStderr, onCleanup: OnCleanup): Promise<number> {
  // The link goes to the parent with the ready message; it announces it.
  const served = await serveReview(options, io, 'detached', onCleanup, () => undefined);
  const { facts, agent, session } = served;
  stderr.handOver({ kind: 'ready', session: facts.id, pid: facts.pid, port: facts.port, link: served.server.reviewUrl, browser: served.browser }, served.store.logPath(facts.id));
  const interrupted = (io.interrupted ?? new Promise<never>(() => undefined)).then(
    (signal): Ending => ({ kind: 'stopped', code: signal === 'SIGINT' ? EXIT.interrupted : EXIT.terminated }),
  );
  const stopped = agent.stopRequested.then((): Ending => ({ kind: 'stopped', code: 0 }));
  const ending = await Promise.race([session.outcome, stopped, interrupted]);
  const code = await recordEnding(ending, served, options, io);
  await new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS));
  return code;
}

async function recordEnding(ending: Ending, served: ServedReview, options: ReviewOptions, io: CliIo): Promise<number> {
  const { store, facts, agent, session } = served;
  switch (ending.kind) {
    case 'feedback': {
      await store.saveFeedback(facts.id, ending.markdown, ending.json);
      const copy = await keepFeedback(ending, session, options, io);
      await store.settle(facts, { state: 'sent', copy });
      agent.settle({ state: 'sent', annotations: countAnnotations(ending.json) });
      return 0;
    }
    case 'closed':
      await store.settle(facts, { state: 'closed' });
      agent.settle({ state: 'closed' });
      return 0;
    case 'stopped':
      await store.remove(facts.id);
      return ending.code;
  }
}

/** Our stderr: the parent's, over IPC, until handOver; then the session's log file. */
class RelayedStderr implements TextSink {
  private log: string | null = null;

  /** A log line that cannot be written (a read-only or full disk) is dropped: the server keeps serving. */
  write(text: string): boolean {
    if (this.log === null) {
      if (process.connected) process.send?.({ kind: 'line', text } satisfies StartMessage);
      return true;
    }
    try {
      appendFileSync(this.log, text, { mode: 0o600 });
      return true;
    } catch {
      return false;
    }
  }

  handOver(ready: StartMessage, logPath: string): void {
    process.send?.(ready);
    this.log = logPath;
  }
}
