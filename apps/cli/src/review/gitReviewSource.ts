/** A review of a git repository: the target's diff, untracked files included when the working tree is the new side. */
import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_EDITABLE_BYTES, type FileContentsData, type ManualPair, type PullRequestData, type ReviewRoundsData, type SinceRoundData } from '@redline/core';
import { RedlineError } from '../errors.js';
import { locateRegularFile } from '../files/readRegularFile.js';
import { pageRefusal } from '../files/regularFileRefusal.js';
import { readWorktreeFile, refuseUnplainPath } from '../files/readWorktreeFile.js';
import type { Repository } from '../git/findRepository.js';
import { readFilteredPaths } from '../git/readFilteredPaths.js';
import { probeState, readStateSignature } from '../git/readStateSignature.js';
import { readTrackedDiff, type TrackedReading } from '../git/readTrackedDiff.js';
import { readUntrackedFiles, type UntrackedReading } from '../git/readUntrackedFiles.js';
import { pairUntrackedRenames } from '../git/pairUntrackedRenames.js';
import type { GitTarget } from '../git/resolveTarget.js';
import { mapConcurrently } from '../mapConcurrently.js';
import type { OpenSeries } from '../rounds/chooseSeries.js';
import { NO_ROUNDS, type RoundsReader } from '../rounds/roundsReader.js';
import { sha256Bytes } from '../files/sha256Bytes.js';
import { readFileContents, type RepositoryRoots } from './readFileContents.js';
import { readImageBytes, type ImageSide } from './readImageBytes.js';
import type { ReviewDataParts } from './reviewDataJson.js';
import { ReviewPatchCollector } from './reviewPatchCollector.js';
import { applyManualPairs } from './applyManualPairs.js';
import { changeKey, ManualPairsFile } from './manualPairsFile.js';
import type { ReadOptions, ReviewSource } from './reviewSource.js';
import { indexEntries, type FileEntry, type ReviewSnapshot } from './reviewSnapshot.js';

/** How the last reading was made, for tests and measurements: which fast paths it took. */
export interface ReadingNotes {
  countsFrom: TrackedReading['countsFrom'];
  untrackedDiffedBy: UntrackedReading['diffedBy'] | null;
}

export class GitReviewSource implements ReviewSource {
  readonly patchOnly = false;
  readonly stateDir: string;
  readonly watchRoot: string | null;
  lastReading: ReadingNotes | null = null;
  /** Past this patch length the review is answered in pages (reviewPages.ts), so its whole answer is not made while reading. */
  private roots: Promise<RepositoryRoots>;
  private roundsRead: Promise<ReviewRoundsData | undefined> | null = null;
  /** Whether the readings pair untracked renames now: the flag, then the page's setting (setUntrackedRenames). */
  private untrackedRenames: boolean;
  /** The reviewer's pairs (setManualPairs, or kept for the change from an earlier run), applied to each reading. */
  private manualPairs: readonly ManualPair[] = [];
  private readonly pairsFile: ManualPairsFile;
  /** The kept pairs, read once before the first reading applies pairs; the page's list wins over them. */
  private pairsRestored: Promise<void> | null = null;
  private pairsChosen = false;

  constructor(
    readonly repository: Repository,
    readonly target: GitTarget,
    /** The review series this review records a round of; null for the demo or a repository without commits. */
    readonly series: OpenSeries | null = null,
    /** What the page is told about the series' earlier rounds, when there are any (rounds/roundsReader.ts). */
    private readonly rounds: RoundsReader = NO_ROUNDS,
    /** Pair deleted tracked files with similar untracked ones as renames (off: --no-untracked-renames, which the page's setting cannot undo). */
    private readonly untrackedRenamesAllowed = true,
    /** The pull request under review (forge/github/openPullRequest.ts), served with every reading; null otherwise. */
    private readonly pullRequest: PullRequestData | null = null,
  ) {
    this.untrackedRenames = untrackedRenamesAllowed;
    this.stateDir = join(repository.gitDir, 'redline');
    this.pairsFile = new ManualPairsFile(this.stateDir, changeKey(target));
    this.watchRoot = target.newSide.kind === 'worktree' ? repository.root : null;
    this.roots = realpath(repository.root).then((realRoot) => ({ root: repository.root, realRoot }));
  }

  /**
   * One reading: the state probe first (a change made while the diff is read
   * then shows up as a different signature at the next freshness check),
   * then the pairing of deleted tracked files with similar untracked ones
   * (pairUntrackedRenames; no git run unless there are both deleted tracked
   * and untracked files), with git's filter attributes asked meanwhile, then the
   * tracked diff streamed through the collector while the untracked files
   * are diffed alongside, their patch and the pairs' appended after it.
   * The diff since the last round starts with it and the rounds' threads
   * once the review's own diff is read; at start-up the rest of the reading
   * (both of those, the contents' hashes, the answer's encoding) waits until
   * the link is out (options.opening: the link waits for the review's own
   * diff alone).
   */
  async read(options: ReadOptions): Promise<ReviewSnapshot> {
    const root = this.repository.root;
    const probing = probeState(root, this.target);
    const restAfter = options.opening?.restAfter;
    const sinceRound = restAfter ? restAfter.then(() => this.readSinceRound(options.ignoreWhitespace)) : this.readSinceRound(options.ignoreWhitespace);
    const probe = await probing;
    // Which files git filters depends on the probe alone: asked while the pairing runs (so pairing renames adds nothing to start-up).
    const filteredPaths = options.recordContents ? readFilteredPaths(root, [...probe.stats.keys()]) : Promise.resolve(new Set<string>());
    filteredPaths.catch(() => undefined); // awaited below; a pairing that throws first must not leave it unhandled
    const renames =
      this.target.includeUntracked && this.untrackedRenames
        ? await pairUntrackedRenames(root, this.target, probe, options.ignoreWhitespace, probe.stats)
        : null;
    const untrackedPaths = renames ? probe.untracked.filter((path) => !renames.newPaths.has(path)) : probe.untracked;
    const frame: ReviewDataParts = { target: this.target.review, repoName: this.repository.name, patchOnly: false, ignoreWhitespace: options.ignoreWhitespace };
    if (this.pullRequest) frame.pullRequest = this.pullRequest;
    const collector = new ReviewPatchCollector(frame, options.encodeBody ?? false, options.pageThreshold);
    try {
      const [tracked, untracked, filtered] = await Promise.all([
        readTrackedDiff(root, this.target, options.ignoreWhitespace, (text) => collector.add(text), probe.stats, renames?.oldPaths),
        this.target.includeUntracked ? readUntrackedFiles(root, untrackedPaths, options.ignoreWhitespace, probe.stats) : null,
        filteredPaths,
      ]);
      if (untracked) collector.add(untracked.patch);
      if (renames) collector.add(renames.patch);
      collector.patchDone();
      // In the patch's order: tracked, untracked, then the pairs of the two.
      const entries = [...tracked.entries, ...(untracked?.entries ?? []), ...(renames?.entries ?? [])];
      options.opening?.onDiffRead({ target: frame.target, files: entries.map((entry) => entry.facts) });
      // The rest waits for start-up's link (the answer's encoding held it back too: 70 ms after the last git run on 20 files).
      if (restAfter) await restAfter;
      // Started only now: the threads' states (200 of them: 26 ms of in-process work at load 1.1, and git runs) would compete with the diff's own git runs.
      const roundsRead = this.roundsOnce();
      if (options.recordContents) {
        // A filtered file's id is not that of its bytes (and a path the probe did not see may be one).
        for (const entry of entries) {
          if (filtered.has(entry.facts.path) || !probe.stats.has(entry.facts.path)) entry.recordedNewBlob = null;
        }
        await this.hashUnidentifiedContents(entries);
      }
      // The rounds go in the answer's tail, after the patch.
      const rounds = await roundsRead;
      if (rounds) frame.rounds = rounds;
      const since = await sinceRound;
      if (since) frame.sinceRound = since;
      const { data, encoded } = await collector.finish(entries.map((entry) => entry.facts));
      this.lastReading = { countsFrom: tracked.countsFrom, untrackedDiffedBy: untracked?.diffedBy ?? null };
      // The reviewer's pairs make a new answer (its patch and fingerprint): it is encoded when asked for.
      await (this.pairsRestored ??= this.restorePairs());
      const paired = this.manualPairs.length > 0 ? await applyManualPairs(data, entries, this.manualPairs, (entry) => this.readFile(entry)) : null;
      if (paired) return { data: paired.data, entries: indexEntries(paired.entries), signature: probe.signature, encoded: null };
      return { data, entries: indexEntries(entries), signature: probe.signature, encoded };
    } catch (error) {
      collector.abort();
      throw error;
    }
  }

  async setManualPairs(pairs: readonly ManualPair[]): Promise<boolean> {
    await (this.pairsRestored ??= this.restorePairs());
    const same = pairs.length === this.manualPairs.length && pairs.every((pair, i) => pair.from === this.manualPairs[i]!.from && pair.to === this.manualPairs[i]!.to);
    this.manualPairs = pairs;
    this.pairsChosen = true;
    await this.pairsFile.save(pairs);
    return !same;
  }

  private async restorePairs(): Promise<void> {
    const kept = await this.pairsFile.load();
    if (!this.pairsChosen) this.manualPairs = kept;
  }

  setUntrackedRenames(on: boolean): boolean {
    const next = on && this.untrackedRenamesAllowed;
    if (next === this.untrackedRenames) return false;
    this.untrackedRenames = next;
    return true;
  }

  /**
   * The rounds' reads start after the review's own diff is read, not before:
   * every spawn holds Node's main thread (10-50 ms each at load 12-16 on 2
   * cores, measured with a spawn probe), and the rounds' two or three would
   * otherwise delay the diff's longer chain of git runs (bench/RESULTS.md).
   */
  private roundsOnce(): Promise<ReviewRoundsData | undefined> {
    if (!this.roundsRead) {
      this.roundsRead = this.rounds.readRounds();
      this.roundsRead.catch(() => undefined); // awaited by the reading, which reports it
    }
    return this.roundsRead;
  }

  /**
   * Beside the review's own diff on a later reading, after the link at
   * start-up (options.opening), from the series' last round alone (not after
   * the threads); nothing at all without an earlier round. A failure leaves the page on its fallback (it
   * asks round-changes, as before the line-level view).
   */
  private readSinceRound(ignoreWhitespace: boolean): Promise<SinceRoundData | undefined> {
    return this.rounds.readSinceRound(ignoreWhitespace).catch(() => undefined);
  }

  readSignature(): Promise<string> {
    return readStateSignature(this.repository.root, this.target);
  }

  async readFile(entry: FileEntry): Promise<FileContentsData> {
    return readFileContents(await this.roots, entry);
  }

  async readImage(entry: FileEntry, side: ImageSide): Promise<Buffer> {
    return readImageBytes(await this.roots, entry, side);
  }

  async locateFile(entry: FileEntry): Promise<string> {
    const { path, status } = entry.facts;
    if (status === 'deleted') throw new RedlineError('deleted', `${path} is deleted in this change: there is no file to open`);
    const refusal = refuseUnplainPath(path);
    if (refusal) throw new RedlineError(refusal.code, refusal.message);
    const { root, realRoot } = await this.roots;
    const located = await locateRegularFile(root, realRoot, path);
    if (located.ok) return located.full;
    const { code, message } = pageRefusal(located.problem, path, { maxBytes: Number.POSITIVE_INFINITY, size: located.size, detail: located.detail });
    throw new RedlineError(code, message);
  }

  /**
   * Editable working-tree files without a usable blob id (git filters them,
   * the patch has no index line for them, or the counts came from the
   * numstat fallback) are hashed now, as the diff was just read, so the file
   * endpoint can still tell when they change. Usually there are none.
   */
  private async hashUnidentifiedContents(entries: FileEntry[]): Promise<void> {
    const { root, realRoot } = await this.roots;
    const unidentified = entries.filter(
      ({ facts, newSource, recordedNewBlob }) =>
        newSource === 'worktree' &&
        recordedNewBlob === null &&
        !facts.binary &&
        !facts.symlink &&
        !facts.submodule &&
        facts.newSize !== null &&
        facts.newSize <= MAX_EDITABLE_BYTES,
    );
    await mapConcurrently(unidentified, 8, async (entry) => {
      const read = await readWorktreeFile(root, realRoot, entry.facts.path, MAX_EDITABLE_BYTES);
      entry.recordedNewSha256 = read.ok ? sha256Bytes(read.bytes) : null;
    });
  }
}
