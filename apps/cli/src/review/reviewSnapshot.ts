/** What the server keeps about one reading of the diff: the page's ReviewData plus where each file's bytes live. */
import type { FileFacts, ReviewData } from '@redline/core';

/** Where the new side of a file is read from when the page asks for its contents. */
export type NewContentSource = 'worktree' | 'blob' | 'none';

export interface FileEntry {
  facts: FileFacts;
  newSource: NewContentSource;
  /**
   * For a working-tree file git does not filter: the blob id of the content
   * git diffed, from the patch's own index line. The file endpoint answers
   * `changed` unless the bytes it reads have this id (so nothing is hashed
   * until a file is asked for). null when git's output did not say, or the
   * file is filtered (its id is not that of its bytes); then
   * recordedNewSha256 is used.
   */
  recordedNewBlob: string | null;
  /**
   * sha256 of the working-tree bytes when the diff was read, for editable
   * files whose blob id is not known (see recordedNewBlob). null when not
   * recorded.
   */
  recordedNewSha256: string | null;
}

/** A content coding the review endpoint answers in. */
export type ReviewEncoding = 'br' | 'gzip';
/** A form of the answer the server keeps: compressed, or the JSON itself ('identity'). */
export type AnswerCoding = ReviewEncoding | 'identity';

/** The review endpoint's answer, made once per coding: the JSON of `data`, compressed. */
export interface EncodedReview {
  /** Length of the uncompressed JSON in bytes. */
  jsonBytes: number;
  /** Brotli made while the diff was read; gzip and the plain JSON on the first request that needs them. */
  bodies: Partial<Record<AnswerCoding, Buffer>>;
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
  /** The answer for the page, when it has been made (while reading, or on first request). */
  encoded?: EncodedReview | null;
}

export function indexEntries(entries: readonly FileEntry[]): Map<string, FileEntry> {
  return new Map(entries.map((entry) => [entry.facts.path, entry]));
}
