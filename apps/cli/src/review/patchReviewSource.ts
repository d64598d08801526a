/** A review of a unified diff given with --patch: no repository contents, so files cannot be opened or edited. */
import type { FileContentsData, ReviewTarget } from '@redline/core';
import { RedlineError } from '../errors.js';
import { parsePatchFiles } from '../patch/parsePatchFiles.js';
import { fingerprintReview } from './fingerprintReview.js';
import type { ReviewSource } from './reviewSource.js';
import { indexEntries, type FileEntry, type ReviewSnapshot } from './reviewSnapshot.js';

export class PatchReviewSource implements ReviewSource {
  readonly patchOnly = true;
  readonly watchRoot = null;
  private readonly snapshot: ReviewSnapshot;

  /**
   * @param patch the diff text, exactly as given
   * @param origin what the patch came from, for messages ("changes.diff", "standard input")
   */
  constructor(
    patch: string,
    origin: string,
    readonly stateDir: string,
    repoName: string,
  ) {
    if (patch.trim() === '') throw new RedlineError('empty-diff', `nothing to review: the patch from ${origin} is empty`);
    const files = parsePatchFiles(patch);
    if (files.length === 0) {
      throw new RedlineError('bad-patch', `the patch from ${origin} does not look like a unified diff (no file headers found)`);
    }
    const target: ReviewTarget = { kind: 'patch', description: `Patch from ${origin}`, baseCommit: null, headCommit: null };
    const entries: FileEntry[] = files.map((facts) => ({ facts, newSource: 'none', recordedNewBlob: null, recordedNewSha256: null }));
    this.snapshot = {
      data: {
        target,
        repoName,
        patch,
        files,
        fingerprint: fingerprintReview(patch, files),
        patchOnly: true,
        ignoreWhitespace: false,
      },
      entries: indexEntries(entries),
      signature: 'patch',
    };
  }

  /** The patch never changes; whitespace cannot be re-read without a repository. */
  async read(): Promise<ReviewSnapshot> {
    return this.snapshot;
  }

  setUntrackedRenames(): boolean {
    return false; // a patch has no untracked files
  }

  async setManualPairs(): Promise<boolean> {
    return false; // a patch's files are as it wrote them
  }

  async readSignature(): Promise<string> {
    return 'patch';
  }

  async readFile(entry: FileEntry): Promise<FileContentsData> {
    throw patchOnly(entry);
  }

  async readImage(entry: FileEntry): Promise<Buffer> {
    throw patchOnly(entry);
  }

  async locateFile(entry: FileEntry): Promise<string> {
    throw patchOnly(entry);
  }
}

function patchOnly(entry: FileEntry): RedlineError {
  return new RedlineError('patch-only', `${entry.facts.path}: this review was made from a patch, so file contents are not available`);
}
