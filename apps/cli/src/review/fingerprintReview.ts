/** The diff's fingerprint: sha256 over the patch and the file facts, so any change to either changes it. */
import { createHash } from 'node:crypto';
import type { FileFacts } from '@redline/core';

export function fingerprintReview(patch: string, files: readonly FileFacts[]): string {
  return createHash('sha256').update(patch, 'utf8').update('\0').update(JSON.stringify(files), 'utf8').digest('hex');
}
