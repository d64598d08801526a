/** A review of a git repository: the target's diff, untracked files included when the working tree is the new side. */
import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_EDITABLE_BYTES, type FileContentsData } from '@redline/core';
import { readWorktreeFile } from '../files/readWorktreeFile.js';
import type { Repository } from '../git/findRepository.js';
import { readStateSignature } from '../git/readStateSignature.js';
import { readTrackedDiff } from '../git/readTrackedDiff.js';
import { readUntrackedFiles } from '../git/readUntrackedFiles.js';
import type { GitTarget } from '../git/resolveTarget.js';
import { mapConcurrently } from '../mapConcurrently.js';
import { fingerprintReview } from './fingerprintReview.js';
import { readFileContents, sha256, type RepositoryRoots } from './readFileContents.js';
import type { ReadOptions, ReviewSource } from './reviewSource.js';
import { indexEntries, type FileEntry, type ReviewSnapshot } from './reviewSnapshot.js';

export class GitReviewSource implements ReviewSource {
  readonly patchOnly = false;
  readonly stateDir: string;
  private roots: Promise<RepositoryRoots>;

  constructor(
    readonly repository: Repository,
    readonly target: GitTarget,
  ) {
    this.stateDir = join(repository.gitDir, 'redline');
    this.roots = realpath(repository.root).then((realRoot) => ({ root: repository.root, realRoot }));
  }

  async read(options: ReadOptions): Promise<ReviewSnapshot> {
    const root = this.repository.root;
    // Taken first: a change made while the diff is being read then shows up
    // as a different signature at the next freshness check.
    const signature = await this.readSignature();
    const [tracked, untracked] = await Promise.all([
      readTrackedDiff(root, this.target, options.ignoreWhitespace),
      this.target.includeUntracked ? readUntrackedFiles(root, options.ignoreWhitespace) : null,
    ]);
    const entries = untracked ? [...tracked.entries, ...untracked.entries] : tracked.entries;
    const patch = untracked ? tracked.patch + untracked.patch : tracked.patch;
    if (options.recordContents) await this.recordContents(entries);
    const files = entries.map((entry) => entry.facts);
    return {
      data: {
        target: this.target.review,
        repoName: this.repository.name,
        patch,
        files,
        fingerprint: fingerprintReview(patch, files),
        patchOnly: false,
        ignoreWhitespace: options.ignoreWhitespace,
      },
      entries: indexEntries(entries),
      signature,
    };
  }

  readSignature(): Promise<string> {
    return readStateSignature(this.repository.root, this.target);
  }

  async readFile(entry: FileEntry): Promise<FileContentsData> {
    return readFileContents(await this.roots, entry);
  }

  /** Hashes the editable working-tree files now, as the diff was just read. */
  private async recordContents(entries: FileEntry[]): Promise<void> {
    const { root, realRoot } = await this.roots;
    const editable = entries.filter(
      ({ facts, newSource }) =>
        newSource === 'worktree' &&
        !facts.binary &&
        !facts.symlink &&
        !facts.submodule &&
        facts.newSize !== null &&
        facts.newSize <= MAX_EDITABLE_BYTES,
    );
    await mapConcurrently(editable, 8, async (entry) => {
      const read = await readWorktreeFile(root, realRoot, entry.facts.path, MAX_EDITABLE_BYTES);
      entry.recordedNewSha256 = read.ok ? sha256(read.bytes) : null;
    });
  }
}
