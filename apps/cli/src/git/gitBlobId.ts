/**
 * Git's object id of some bytes as a blob: the hash of `blob <size>\0` and
 * the bytes, sha1 or sha256 after the repository's object format (told by
 * the length of an id it gave us). Only meaningful for a file git does not
 * filter (see readFilteredPaths): git hashes what its filters make of a file.
 */
import { createHash } from 'node:crypto';

export function gitBlobId(bytes: Uint8Array, likeId: string): string {
  const algorithm = likeId.length === 64 ? 'sha256' : 'sha1';
  return createHash(algorithm).update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}
