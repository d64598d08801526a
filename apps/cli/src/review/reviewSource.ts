/** Where a review's diff and file contents come from: a git repository, or a patch file. */
import type { FileContentsData, ManualPair, ReviewData } from '@redline/core';
import type { FileEntry, ReviewSnapshot } from './reviewSnapshot.js';
import type { ImageSide } from './readImageBytes.js';

export interface ReadOptions {
  /** Read the patch with whitespace changes ignored (git diff -w). */
  ignoreWhitespace: boolean;
  /**
   * Record the sha256 of each editable working-tree file, so the file
   * endpoint can tell when a file changed after the page loaded the diff.
   * Off for freshness checks, which only need the fingerprint.
   */
  recordContents: boolean;
  /** Also make the review endpoint's gzip-compressed answer while reading (for the page; off for freshness checks). */
  encodeBody?: boolean;
  /** Past this patch length the answer is paged (reviewPages.ts): the whole answer's encoding stops there. None: never paged. */
  pageThreshold?: number;
  /** Start-up's first reading (serveReview); later readings have none. */
  opening?: OpeningHooks;
}

/**
 * Start-up's hold on its first reading. `onDiffRead` is told the review's
 * target and own files as soon as its diff is read (a patch source never
 * calls it); the rest of the reading (the files' content hashes, the
 * rounds' threads, the diff since the last round, the answer's encoding)
 * waits for `restAfter`, which start-up resolves once its link is out: run
 * beside the server's start, the rounds' eight git runs held the link back
 * by 50-70 ms on a 20-file repository (spawn trace, load 1.6) and the
 * encoding 70 ms, while the browser that link opens takes longer than they do.
 */
export interface OpeningHooks {
  onDiffRead(opening: ReviewOpening): void;
  restAfter: Promise<void>;
}

/** What the terminal and the session record say of a review: its target and its own files (the rounds may still be read). */
export type ReviewOpening = Pick<ReviewData, 'target' | 'files'>;

export interface ReviewSource {
  readonly patchOnly: boolean;
  /** The folder whose changes can change the diff (a review with the working tree as its new side), watched while a page follows the review live; null when nothing on disk can (a patch, commits). */
  readonly watchRoot: string | null;
  /** Directory for drafts/ and reviews/ (under the git directory, or a private temp dir). */
  readonly stateDir: string;
  read(options: ReadOptions): Promise<ReviewSnapshot>;
  /** A cheap summary of the source's state; unchanged means the diff is unchanged. */
  readSignature(): Promise<string>;
  /** Throws a RedlineError with a FileRefusalCode when the file cannot be served. */
  readFile(entry: FileEntry): Promise<FileContentsData>;
  /**
   * Pairs deleted tracked files with similar untracked ones in the readings
   * from now on, or not (the page's setting). True when that changed
   * what is read; always false for a patch, and when --no-untracked-renames
   * turned pairing off for the run (the flag wins).
   */
  setUntrackedRenames(on: boolean): boolean;
  /**
   * The reviewer's pairs of a deleted and an added file, each read as one
   * renamed file from now on (applyManualPairs.ts); the whole list, kept on
   * disk for the change (manualPairsFile.ts) before it resolves. True when
   * that changed what is read; always false for a patch (its files are as
   * the patch wrote them).
   */
  setManualPairs(pairs: readonly ManualPair[]): Promise<boolean>;
  /** One side of a picture (review/readImageBytes.ts); throws a RedlineError when it cannot be served. */
  readImage(entry: FileEntry, side: ImageSide): Promise<Buffer>;
  /** The absolute path of the file's working-tree copy, for Open in editor: a plain regular file inside the repository, or a RedlineError saying why not. */
  locateFile(entry: FileEntry): Promise<string>;
}
