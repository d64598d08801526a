/**
 * The status, old path and similarity of a file, as one value of the facts'
 * union: a renamed or copied file always has its old path and its
 * similarity, no other file has either. The server's two readers (git's raw
 * output, a patch's headers) both build facts through it.
 */
import type { FileStatus, MovedFileFacts, PlainFileFacts } from './types.js';

export type FileMove = Pick<PlainFileFacts, 'status' | 'oldPath'> | Pick<MovedFileFacts, 'status' | 'oldPath' | 'similarity' | 'pairedByReviewer'>;

/** `oldPath` is needed for a rename or copy; a rename without one (never written by git) is read as modified. */
export function fileMove(status: FileStatus, oldPath: string | null, similarity: number | null): FileMove {
  if ((status === 'renamed' || status === 'copied') && oldPath !== null) return { status, oldPath, similarity };
  return { status: status === 'renamed' || status === 'copied' ? 'modified' : status, oldPath: null };
}

/** "renamed, 87% similar" (the file header's and the tree's words), or null when the similarity is unknown or the file was not moved. */
export function similarityWords(facts: { status: FileStatus; similarity?: number | null }): string | null {
  return similarityChip(facts)?.words ?? null;
}

/** The words and their short form for a narrow window ("87%"), or null as for `similarityWords`. */
export function similarityChip(facts: { status: FileStatus; similarity?: number | null }): { words: string; short: string } | null {
  if (facts.status !== 'renamed' && facts.status !== 'copied') return null;
  return typeof facts.similarity === 'number' ? { words: `${facts.status}, ${facts.similarity}% similar`, short: `${facts.similarity}%` } : null;
}
