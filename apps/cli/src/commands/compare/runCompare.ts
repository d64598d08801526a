/**
 * `redline compare A B [C...]`: resolve the variants and their base
 * (compare/resolveVariants.ts), read each one's diff against the base, and
 * open the review page like `redline` does, on the first variant's diff, with
 * the compare board attached to the session (its overview, each variant's
 * diff, the picks and "Apply picks": docs/cli.md#compare-several-attempts).
 * The link goes only to the terminal or the launched browser, as a review's.
 */
import { mkdir, realpath } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { CliIo } from '../../cliIo.js';
import { CompareBoard } from '../../compare/compareBoard.js';
import type { PicksTarget } from '../../compare/applyPicks.js';
import type { Worktree } from '../../compare/listWorktrees.js';
import { readVariantDiff } from '../../compare/readVariantDiff.js';
import { resolveVariants, type Variant } from '../../compare/resolveVariants.js';
import { EXIT, RedlineError } from '../../errors.js';
import { writeFileAtomic } from '../../files/writeFileAtomic.js';
import { findRepository } from '../../git/findRepository.js';
import type { ReviewOptions } from '../review/parseArgs.js';
import { runReview } from '../review/runReview.js';
import { COMPARE_HELP, parseCompareArgs } from './parseCompareArgs.js';

export async function runCompare(args: readonly string[], io: CliIo): Promise<number> {
  const options = parseCompareArgs(args);
  if (options.help) {
    io.stdout.write(COMPARE_HELP);
    return EXIT.feedbackSent;
  }
  const { root, gitDir } = await findRepository(io.cwd);
  const { base, variants, worktrees } = await resolveVariants(root, io.cwd, options.variants, options.base);
  const target = await chooseTarget(io.cwd, options.target, variants, worktrees);
  const diffs = await Promise.all(variants.map((variant) => readVariantDiff(root, base, variant.tree)));
  const board = new CompareBoard({ root, base, variants, diffs, target });
  io.stderr.write(`Comparing ${variants.map((v) => `${v.id} ${v.name}`).join(', ')} against ${base.slice(0, 12)}; ${board.rows.length} file${board.rows.length === 1 ? '' : 's'} touched\n`);
  const first = variants[0]!;
  const review: ReviewOptions = {
    target: first.source.kind === 'worktree' ? { kind: 'base', ref: base } : { kind: 'range', from: base, to: first.commit, symmetric: false },
    port: options.port,
    open: options.open,
    json: options.json,
    output: null,
    repo: first.source.kind === 'worktree' ? first.source.path : root,
    newSeries: false,
    untrackedRenames: true,
  };
  const exit = await runReview(review, io, (session) => (session.compare = board));
  if (exit === EXIT.feedbackSent) await keepVariantFeedback(gitDir, board, io);
  return exit;
}

/** After Send, each variant's own feedback (its verdict and comments) in a file of its own, for its agent: .git/redline/compare/variant-B.md. */
async function keepVariantFeedback(gitDir: string, board: CompareBoard, io: CliIo): Promise<void> {
  const dir = join(gitDir, 'redline', 'compare');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const written: string[] = [];
  for (const { id, markdown } of board.feedback()) {
    const path = join(dir, `variant-${id}.md`);
    await writeFileAtomic(path, markdown);
    written.push(path);
  }
  io.stderr.write(`Each variant's feedback: ${written.join(', ')}\n`);
}

/** `--target PATH` (a worktree of this repository), else the first variant's worktree (or the one its branch is checked out in), else none. */
async function chooseTarget(cwd: string, given: string | null, variants: readonly Variant[], worktrees: readonly Worktree[]): Promise<PicksTarget | null> {
  if (given !== null) {
    const real = await realpath(resolve(cwd, given)).catch(() => null);
    const worktree = worktrees.find((w) => w.path === real);
    if (!worktree) throw new RedlineError('bad-input', `--target ${given}: not a worktree of this repository; \`git worktree list\` names them`);
    return { path: worktree.path, name: basename(worktree.path) };
  }
  const { source } = variants[0]!;
  const path = source.kind === 'worktree' ? source.path : source.kind === 'branch' ? worktrees.find((w) => w.branch === `refs/heads/${source.ref}`)?.path : undefined;
  return path === undefined ? null : { path, name: basename(path) };
}
