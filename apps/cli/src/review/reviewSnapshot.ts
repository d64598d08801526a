/** What the server keeps about one reading of the diff: the page's ReviewData plus where each file's bytes live. */
import type { FileFacts, ReviewData } from '@redline/core';

/** Where the new side of a file is read from when the page asks for its contents. */
export type NewContentSource = 'worktree' | 'blob' | 'none';

export interface FileEntry {
  facts: FileFacts;
  newSource: NewContentSource;
  /**
   * sha256 of the working-tree bytes when the diff was read (text files up to
   * MAX_EDITABLE_BYTES); the file endpoint answers `changed` when the file no
   * longer has them. null when not recorded.
   */
  recordedNewSha256: string | null;
}

export interface ReviewSnapshot {
  data: ReviewData;
  /**
   * The source's state signature taken just before this reading: while the
   * source still has it, the diff is unchanged (see readStateSignature).
   */
  signature: string;
  /** By `facts.path`: the only paths the server will ever map to the filesystem. */
  entries: Map<string, FileEntry>;
}

export function indexEntries(entries: readonly FileEntry[]): Map<string, FileEntry> {
  return new Map(entries.map((entry) => [entry.facts.path, entry]));
}
