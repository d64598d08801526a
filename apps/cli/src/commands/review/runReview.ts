/**
 * `redline [target]`: read the diff, serve it, wait for the reviewer, then
 * print the feedback on stdout (and nothing else there). Returns the exit
 * code; errors are thrown as RedlineError for main to report.
 */
import { access } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT, RedlineError } from '../../errors.js';
import { writeFileAtomic } from '../../files/writeFileAtomic.js';
import { createReviewSource } from '../../review/createReviewSource.js';
import { ReviewSession, type ReviewOutcome } from '../../review/reviewSession.js';
import { startReviewServer } from '../../server/startReviewServer.js';
import type { CliIo } from '../../cliIo.js';
import { offerNewLinks } from './offerNewLinks.js';
import { openReviewInBrowser } from './openReviewInBrowser.js';
import type { ReviewOptions } from './parseArgs.js';
import { saveReviewCopies } from './saveFeedback.js';

/** apps/review/dist, from apps/cli/src or apps/cli/dist alike (REDLINE_APP_DIR overrides it, for development). */
export const DEFAULT_APP_DIR = fileURLToPath(new URL('../../../../review/dist/', import.meta.url));

type Ending = ReviewOutcome | { kind: 'interrupted'; signal: 'SIGINT' | 'SIGTERM' };

export async function runReview(options: ReviewOptions, io: CliIo): Promise<number> {
  const cleanups: (() => Promise<void>)[] = [];
  let finished = false;
  const onCleanup = async (cleanup: () => Promise<void>): Promise<void> => {
    if (finished) await cleanup(); // registered after an interrupt: run it now
    else cleanups.push(cleanup);
  };
  const interrupted = (io.interrupted ?? new Promise<never>(() => undefined)).then(
    (signal): Ending => ({ kind: 'interrupted', signal }),
  );
  let session: ReviewSession | null = null;
  try {
    const ending = await Promise.race([reviewUntilEnd(options, io, onCleanup, (started) => (session = started)), interrupted]);
    return await reportEnding(ending.kind === 'interrupted' && session ? { ...ending, session } : ending, options, io);
  } finally {
    finished = true;
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

async function reviewUntilEnd(
  options: ReviewOptions,
  io: CliIo,
  onCleanup: (cleanup: () => Promise<void>) => Promise<void>,
  onSession: (session: ReviewSession) => void,
): Promise<Ending & { session?: ReviewSession }> {
  const outputPath = options.output === null ? null : resolve(io.cwd, options.output);
  if (outputPath) await assertWritableDir(outputPath);
  const source = await createReviewSource(options.target, {
    cwd: io.cwd,
    repo: options.repo,
    stdin: io.stdin,
    note: (line) => io.stderr.write(`${line}\n`),
    onCleanup,
  });
  const session = new ReviewSession(source, options.json ? 'json' : 'markdown', (line) => io.stderr.write(`${line}\n`));
  onSession(session);
  const swept = await session.drafts.sweepInterruptedWrites();
  if (swept > 0) io.stderr.write(`redline: removed ${swept} temporary draft file${swept === 1 ? '' : 's'} left by interrupted saves\n`);
  const data = await session.loadReview();
  if (data.files.length === 0) {
    throw new RedlineError('empty-diff', `nothing to review: the diff is empty (${data.target.description})`);
  }

  let launcher: { opened: boolean; dispose(): Promise<void> } | null = null;
  const server = await startReviewServer({
    session,
    appDir: io.appDir ?? io.env.REDLINE_APP_DIR ?? DEFAULT_APP_DIR,
    port: options.port,
    onTokenSpent: () => void launcher?.dispose(),
    onInternalError: (error) => io.stderr.write(`redline: internal error: ${error instanceof Error ? error.message : String(error)}\n`),
  });
  await onCleanup(() => server.close());

  const additions = data.files.reduce((sum, file) => sum + file.additions, 0);
  const deletions = data.files.reduce((sum, file) => sum + file.deletions, 0);
  io.stderr.write(`${data.target.description}: ${data.files.length} file${data.files.length === 1 ? '' : 's'}, +${additions} -${deletions}\n`);
  io.stderr.write(`Review: ${server.reviewUrl}\n`);

  if (options.open) {
    const open = io.openReview ?? ((url: string) => openReviewInBrowser(url, io.env));
    launcher = await open(server.reviewUrl);
    const opened = launcher;
    await onCleanup(() => opened.dispose());
    if (!launcher.opened) io.stderr.write('Could not open a browser; open the link above yourself.\n');
  }
  // A patch read from stdin has used it up.
  const patchFromStdin = options.target.kind === 'patch' && options.target.file === '-';
  const links = patchFromStdin ? { offered: false, stop: () => undefined } : offerNewLinks(io.stdin, server.newReviewUrl, (line) => io.stderr.write(line));
  await onCleanup(async () => links.stop());
  io.stderr.write(links.offered ? 'Waiting for your review (Enter: a new review link; Ctrl-C to stop)...\n' : 'Waiting for your review (Ctrl-C to stop)...\n');
  return { ...(await session.outcome), session };
}

async function reportEnding(ending: Ending & { session?: ReviewSession }, options: ReviewOptions, io: CliIo): Promise<number> {
  switch (ending.kind) {
    case 'interrupted':
      io.stderr.write(`Review interrupted; no feedback was sent${ending.session?.keepsDraft ? ' (the draft is kept)' : ''}.\n`);
      return ending.signal === 'SIGINT' ? EXIT.interrupted : EXIT.terminated;
    case 'closed':
      io.stderr.write('Review closed without feedback.\n');
      return EXIT.closedWithoutFeedback;
    case 'feedback': {
      io.stdout.write(ending.output);
      const session = ending.session!;
      for (const fingerprint of ending.fingerprints) await session.drafts.remove(fingerprint).catch(() => undefined);
      // The demo repository is removed as the review ends: a copy saved there would be gone.
      const saved = options.target.kind === 'demo' ? null : await saveReviewCopies(session.source.stateDir, ending.markdown, ending.json).catch((error: Error) => {
        io.stderr.write(`redline: warning: could not save a copy of the review: ${error.message}\n`);
        return null;
      });
      io.stderr.write(saved ? `Feedback sent; a copy is in ${saved}\n` : 'Feedback sent.\n');
      if (options.output !== null) {
        const outputPath = resolve(io.cwd, options.output);
        await writeFileAtomic(outputPath, ending.output, 0o644).catch((error: Error) => {
          throw new RedlineError('write-failed', `could not write --output ${outputPath}: ${error.message}`);
        });
      }
      return EXIT.feedbackSent;
    }
  }
}

async function assertWritableDir(outputPath: string): Promise<void> {
  await access(dirname(outputPath)).catch(() => {
    throw new RedlineError('usage', `--output ${outputPath}: the directory ${dirname(outputPath)} does not exist`);
  });
}
