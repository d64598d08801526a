/**
 * `redline [target]`: read the diff, serve it, wait for the reviewer, then
 * print the feedback on stdout (and nothing else there). Returns the exit
 * code; errors are thrown as RedlineError for main to report. The session is
 * recorded while it runs (so `redline status` sees it and a second redline
 * in the same repository is refused), and removed when it ends.
 */
import { EXIT } from '../../errors.js';
import type { ReviewOutcome } from '../../review/reviewSession.js';
import { countAnnotations } from '../../server/agent/countAnnotations.js';
import type { CliIo } from '../../cliIo.js';
import { keepFeedback } from './keepFeedback.js';
import { announceLink } from './linkNotice.js';
import { offerNewLinks } from './offerNewLinks.js';
import type { ReviewOptions } from './parseArgs.js';
import { serveReview, type OnCleanup, type PrepareSession, type ServedReview } from './serveReview.js';

export { DEFAULT_APP_DIR } from './serveReview.js';

type Ending = ReviewOutcome | { kind: 'interrupted'; signal: 'SIGINT' | 'SIGTERM' };

/** `prepare`: what `redline compare` adds to the session before it is served. */
export async function runReview(options: ReviewOptions, io: CliIo, prepare?: PrepareSession): Promise<number> {
  const cleanups: (() => Promise<void>)[] = [];
  let finished = false;
  const onCleanup: OnCleanup = async (cleanup) => {
    if (finished) await cleanup(); // registered after an interrupt: run it now
    else cleanups.push(cleanup);
  };
  const interrupted = (io.interrupted ?? new Promise<never>(() => undefined)).then(
    (signal): Ending => ({ kind: 'interrupted', signal }),
  );
  try {
    let served: ServedReview | null = null;
    const ending = await Promise.race([reviewUntilEnd(options, io, onCleanup, (started) => (served = started), prepare), interrupted]);
    return await reportEnding(ending.kind === 'interrupted' && served ? { ...ending, served } : ending, options, io);
  } finally {
    finished = true;
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

async function reviewUntilEnd(
  options: ReviewOptions,
  io: CliIo,
  onCleanup: OnCleanup,
  onServed: (served: ServedReview) => void,
  prepare: PrepareSession | undefined,
): Promise<Ending & { served?: ServedReview }> {
  const served = await serveReview(options, io, 'foreground', onCleanup, (url, browser) => announceLink(url, browser, io), prepare);
  onServed(served);
  await onCleanup(() => served.store.remove(served.facts.id));
  // A patch read from stdin has used it up; a new link is only ever written to a terminal.
  const patchFromStdin = options.target.kind === 'patch' && options.target.file === '-';
  const terminal = io.terminal;
  const links = patchFromStdin || !terminal ? { offered: false, stop: () => undefined } : offerNewLinks(io.stdin, served.server.newReviewUrl, (line) => terminal.write(line));
  await onCleanup(async () => links.stop());
  io.stderr.write(links.offered ? 'Waiting for your review (Enter: a new review link; Ctrl-C to stop)...\n' : 'Waiting for your review (Ctrl-C to stop)...\n');
  // `redline stop` from another shell ends a foreground review as SIGTERM would.
  const stopped = served.agent.stopRequested.then((): Ending => ({ kind: 'interrupted', signal: 'SIGTERM' }));
  const ending = await Promise.race([served.session.outcome, stopped]);
  if (ending.kind === 'feedback') served.agent.settle({ state: 'sent', annotations: countAnnotations(ending.json) });
  if (ending.kind === 'closed') served.agent.settle({ state: 'closed' });
  return { ...ending, served };
}

async function reportEnding(ending: Ending & { served?: ServedReview }, options: ReviewOptions, io: CliIo): Promise<number> {
  switch (ending.kind) {
    case 'interrupted':
      io.stderr.write(`Review interrupted; no feedback was sent${ending.served?.session.keepsDraft ? ' (the draft is kept)' : ''}.\n`);
      return ending.signal === 'SIGINT' ? EXIT.interrupted : EXIT.terminated;
    case 'closed':
      io.stderr.write('Review closed without feedback.\n');
      return EXIT.closedWithoutFeedback;
    case 'feedback':
      io.stdout.write(ending.output);
      await keepFeedback(ending, ending.served!.session, options, io);
      return EXIT.feedbackSent;
  }
}
