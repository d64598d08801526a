/** Builds the review's source from the chosen target: a repository (or the demo one), or a patch. */
import type { PullRequestData } from '@redline/core';
import { lstat, mkdir, readFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { TargetChoice } from '../commands/review/parseArgs.js';
import { createDemoRepo, removeDemoRepo } from '../demo/createDemoRepo.js';
import { RedlineError } from '../errors.js';
import { findRepository, type Repository } from '../git/findRepository.js';
import type { PullRequestChoice } from '../forge/github/openPullRequest.js';
import { resolveTarget } from '../git/resolveTarget.js';
import { chooseSeries } from '../rounds/chooseSeries.js';
import { NO_ROUNDS, seriesRoundsReader, type SinceRoundGate } from '../rounds/roundsReader.js';
import { GitReviewSource } from './gitReviewSource.js';
import { PatchReviewSource } from './patchReviewSource.js';
import type { ReviewSource } from './reviewSource.js';

export interface SourceContext {
  cwd: string;
  repo: string | null;
  stdin: NodeJS.ReadableStream;
  /** Told about the demo repository's location. */
  note: (line: string) => void;
  /** Given what to undo when the review ends (the demo repository's removal). */
  onCleanup: (cleanup: () => Promise<void>) => Promise<void>;
  /** --new-series: do not continue the open review series. */
  newSeries?: boolean;
  /** false: --no-untracked-renames. */
  untrackedRenames?: boolean;
  /** Tests only: each since-round reading passes through it (CliIo.sinceRoundGate). */
  sinceRoundGate?: SinceRoundGate;
  /** The environment: a pull request's API and token come from it (forge/github/). */
  env: Readonly<Record<string, string | undefined>>;
}

export async function createReviewSource(target: TargetChoice, context: SourceContext): Promise<ReviewSource> {
  if (target.kind === 'patch') return createPatchSource(target.file, context);
  let dir = resolve(context.cwd, context.repo ?? '.');
  if (target.kind === 'demo') {
    dir = await createDemoRepo();
    const demoDir = dir;
    await context.onCleanup(() => removeDemoRepo(demoDir));
    context.note(`Demo repository: ${dir}`);
  }
  const repository = await findRepository(dir);
  if (target.kind === 'pull-request') return createPullRequestSource(repository, target.pull, context);
  const spec = target.kind === 'demo' ? { kind: 'working-tree' as const } : target;
  const gitTarget = await resolveTarget(repository.root, spec);
  // The demo repository is removed when the review ends: no rounds for it.
  const renames = context.untrackedRenames ?? true;
  if (target.kind === 'demo') return new GitReviewSource(repository, gitTarget, null, NO_ROUNDS, renames);
  const choice = await chooseSeries(repository.root, spec, gitTarget, { newSeries: context.newSeries ?? false, note: context.note, gitDir: repository.gitDir });
  const rounds = seriesRoundsReader(repository.root, choice.series, context.sinceRoundGate);
  return new GitReviewSource(repository, choice.target, choice.series, rounds, renames);
}

/** A pull request: fetched, then reviewed as the range `base...head`, in the pull request's own series. */
async function createPullRequestSource(repository: Repository, pull: PullRequestChoice, context: SourceContext): Promise<ReviewSource> {
  // Loaded here: the GitHub client (Octokit) is needed by a pull request's review only.
  const { openPullRequest } = await import('../forge/github/openPullRequest.js');
  const opened = await openPullRequest(repository.root, pull, context.env, context.note);
  const gitTarget = await resolveTarget(repository.root, opened.spec);
  gitTarget.review.description = opened.description;
  const choice = await chooseSeries(repository.root, opened.spec, gitTarget, {
    newSeries: context.newSeries ?? false,
    note: context.note,
    gitDir: repository.gitDir,
    pullRequest: opened.seriesKey,
  });
  const rounds = seriesRoundsReader(repository.root, choice.series, context.sinceRoundGate);
  const data: PullRequestData = { ...opened.data, baseSha: gitTarget.review.baseCommit ?? opened.spec.from };
  return new GitReviewSource(repository, choice.target, choice.series, rounds, context.untrackedRenames ?? true, data);
}

async function createPatchSource(file: string, context: SourceContext): Promise<ReviewSource> {
  const fromStdin = file === '-';
  const path = resolve(context.cwd, file);
  const patch = fromStdin ? await readAll(context.stdin) : await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new RedlineError('unreadable-file', `cannot read patch file ${path}: ${error.code ?? error.message}`);
  });
  // Drafts and review copies go to the repository we are in, if any; else a private temp dir.
  const repository = await findRepository(resolve(context.cwd, context.repo ?? '.')).catch(() => null);
  const stateDir = repository ? join(repository.gitDir, 'redline') : await privateStateDir();
  const name = repository?.name ?? (fromStdin ? 'patch' : basename(path));
  return new PatchReviewSource(patch, fromStdin ? 'standard input' : file, stateDir, name);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer | string>) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** `$TMPDIR/redline-<user>`, 0700, refused if it is a symlink or someone else's (a shared /tmp is hostile ground). */
export async function privateStateDir(): Promise<string> {
  const dir = join(tmpdir(), `redline-${userInfo().username}`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stats = await lstat(dir);
  const uid = process.getuid?.();
  if (stats.isSymbolicLink() || !stats.isDirectory() || (uid !== undefined && stats.uid !== uid) || (stats.mode & 0o077) !== 0) {
    throw new RedlineError('write-failed', `refusing to keep review state in ${dir}: it is not a private directory owned by you`);
  }
  return dir;
}
