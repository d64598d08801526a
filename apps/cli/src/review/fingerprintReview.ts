/** The diff's fingerprint: sha256 over the patch and the file facts, so any change to either changes it. */
import { createHash, type Hash } from 'node:crypto';
import type { FileFacts } from '@redline/core';

export function fingerprintReview(patch: string, files: readonly FileFacts[]): string {
  return new ReviewFingerprint().addPatch(patch).finish(JSON.stringify(files));
}

/** The same fingerprint, taken while the patch streams in: pieces of the patch in order, then the files' JSON. */
export class ReviewFingerprint {
  private readonly hash: Hash = createHash('sha256');

  addPatch(text: string): this {
    this.hash.update(text, 'utf8');
    return this;
  }

  /** @param filesJson `JSON.stringify(files)` */
  finish(filesJson: string): string {
    return this.hash.update('\0').update(filesJson, 'utf8').digest('hex');
  }
}
