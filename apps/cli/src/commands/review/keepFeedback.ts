/**
 * What happens to sent feedback besides its printing, for `redline` and
 * `redline start` alike: the round is recorded in git, the drafts it settles and the kept proposal board go, a copy is saved under
 * `reviews/` (named on stderr, for `redline apply`), and --output is written.
 */
import { resolve } from 'node:path';
import type { CliIo } from '../../cliIo.js';
import { RedlineError } from '../../errors.js';
import { writeFileAtomic } from '../../files/writeFileAtomic.js';
import type { ReviewOutcome, ReviewSession } from '../../review/reviewSession.js';
import type { ReviewOptions } from './parseArgs.js';
import { recordSentRound } from '../../rounds/recordSentRound.js';
import { GitReviewSource } from '../../review/gitReviewSource.js';
import { publishHandOffOf } from '../../forge/publish/publishHandOff.js';
import { saveReviewCopies } from './saveFeedback.js';

type Feedback = Extract<ReviewOutcome, { kind: 'feedback' }>;

/** Returns the path of the saved copy (null when it could not be saved: a warning says so). */
export async function keepFeedback(feedback: Feedback, session: ReviewSession, options: ReviewOptions, io: CliIo): Promise<string | null> {
  // The review becomes the series' next round (docs/rounds.md); a round that cannot be written is a warning.
  const recorded = await recordSentRound(session.source, feedback, (line) => io.stderr.write(`${line}\n`));
  // A Send that asked to publish: the page's POST /api/publish waits for this round, and the server stays up until it is done.
  const source = session.source;
  const publishable = feedback.submission.publish && recorded && source instanceof GitReviewSource;
  publishHandOffOf(session).recorded(publishable ? { round: recorded, root: source.repository.root, env: io.env } : null);
  if (feedback.submission.publish) io.stderr.write(`${await publishHandOffOf(session).settled()}\n`);
  for (const fingerprint of feedback.fingerprints) await session.drafts.remove(fingerprint).catch(() => undefined);
  // The proposals went with the export (and their answers are counted in the round), as the draft's annotations did.
  await session.proposals.forgetKept().catch(() => undefined);
  // The demo repository is removed as the review ends: a copy saved there would be gone.
  const saved = options.target.kind === 'demo' ? null : await saveReviewCopies(session.source.stateDir, feedback.markdown, feedback.json).catch((error: Error) => {
    io.stderr.write(`redline: warning: could not save a copy of the review: ${error.message}\n`);
    return null;
  });
  io.stderr.write(saved ? `Feedback sent; a copy is in ${saved}\n` : 'Feedback sent.\n');
  if (options.output !== null) {
    const outputPath = resolve(io.cwd, options.output);
    await writeFileAtomic(outputPath, feedback.output, 0o644).catch((error: Error) => {
      throw new RedlineError('write-failed', `could not write --output ${outputPath}: ${error.message}`);
    });
  }
  return saved;
}
