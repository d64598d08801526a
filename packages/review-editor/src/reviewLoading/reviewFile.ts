import type { FileDiffMetadata } from '@pierre/diffs';
import type { FileFacts, FileStatus } from '@redline/core';

/** One file of the review: the server's facts joined to the parsed diff. */
export interface ReviewFile {
  /** The CodeView item id and the key of everything per file: the (new) path. */
  id: string;
  /** Position in the diff. */
  index: number;
  path: string;
  oldPath: string | null;
  status: FileStatus;
  facts: FileFacts;
  fileDiff: FileDiffMetadata;
  /** This file's section of the patch (the viewed fingerprint hashes it). */
  patchSection: string;
  additions: number;
  deletions: number;
  binary: boolean;
  /** Only the file mode changed: the diff has no lines. */
  modeOnly: boolean;
  /** Renamed or copied with identical content: the diff has no lines. */
  renameOnly: boolean;
  generated: boolean;
  /** Past the large-diff threshold: collapsed until "Load diff". */
  large: boolean;
  /**
   * A paged review's file whose section has not arrived yet
   * (docs/design/reviewInPages.md): `fileDiff` has no lines, only counts
   * guessed from the facts, and `patchSection` is empty.
   */
  loading: boolean;
}
