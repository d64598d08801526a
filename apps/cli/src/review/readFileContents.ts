/**
 * One file's full old and new contents for the page, with the sha256 of
 * each; or a refusal (a RedlineError whose code is a FileRefusalCode). The
 * old side comes from the base blob; the new side from the working tree
 * (read defensively, see readWorktreeFile) or from the target's blob.
 *
 * A working-tree file is served only if it still has the content the diff
 * was made from: the bytes read now must have the blob id git printed for
 * that file in the patch (and the size seen when the diff was read). So,
 * apart from files git filters, no file is hashed when the diff is read, only
 * the one asked for, now.
 */
import { createHash } from 'node:crypto';
import {
  MAX_EDITABLE_BYTES,
  refusalFromFileFacts,
  type FileContentsData,
  type FileFactsRefusal,
  type FileSideContents,
} from '@redline/core';
import { RedlineError } from '../errors.js';
import { readWorktreeFile, tooLargeMessage } from '../files/readWorktreeFile.js';
import { gitBlobId } from '../git/gitBlobId.js';
import { readBlob } from '../git/readBlob.js';
import type { FileEntry } from './reviewSnapshot.js';

export interface RepositoryRoots {
  root: string;
  /** `realpath(root)`, against which resolved paths are checked. */
  realRoot: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export async function readFileContents(roots: RepositoryRoots, entry: FileEntry): Promise<FileContentsData> {
  const { facts } = entry;
  const path = facts.path;
  const refusal = refusalFromFileFacts(facts);
  if (refusal) throw factsRefusalError(path, refusal);
  const oldBytes = facts.oldBlob ? await readBlob(roots.root, facts.oldBlob, MAX_EDITABLE_BYTES + 1) : null;
  const newBytes = await readNewSide(roots, entry);
  return { path, old: oldBytes && decodeSide(path, 'old', oldBytes), new: newBytes && decodeSide(path, 'new', newBytes) };
}

/** The core's refusal from the file's facts, in the server's words. */
function factsRefusalError(path: string, refusal: FileFactsRefusal): RedlineError {
  switch (refusal.code) {
    case 'submodule':
      return new RedlineError('submodule', `${path} is a submodule; its contents are not part of this repository`);
    case 'symlink':
      return new RedlineError('symlink', `${path} is a symbolic link; only regular files can be opened`);
    case 'binary':
      return new RedlineError('binary', `${path} is a binary file`);
    case 'too-large':
      return new RedlineError('too-large', tooLargeMessage(path, refusal.size, MAX_EDITABLE_BYTES));
  }
}

async function readNewSide(roots: RepositoryRoots, entry: FileEntry): Promise<Buffer | null> {
  const { facts } = entry;
  switch (entry.newSource) {
    case 'none':
      return null;
    case 'blob':
      if (!facts.newBlob) throw new RedlineError('internal', `no blob recorded for the new side of ${facts.path}`);
      return readBlob(roots.root, facts.newBlob, MAX_EDITABLE_BYTES + 1);
    case 'worktree': {
      const read = await readWorktreeFile(roots.root, roots.realRoot, facts.path, MAX_EDITABLE_BYTES);
      if (!read.ok) throw new RedlineError(read.code, read.message);
      if (!hasLoadedContent(entry, read.bytes)) {
        throw new RedlineError(
          'changed',
          `${facts.path} has changed since the diff was loaded; reload the review to see its current contents`,
        );
      }
      return read.bytes;
    }
  }
}

/**
 * Whether working-tree bytes read now are the content the diff was made
 * from: the blob id git printed for the file (recorded only for files git
 * does not filter, so the id of the bytes themselves) or, for the few files
 * hashed when the diff was read, that sha256.
 */
function hasLoadedContent(entry: FileEntry, bytes: Buffer): boolean {
  const { recordedNewBlob, recordedNewSha256, facts } = entry;
  if (recordedNewBlob !== null) {
    return (facts.newSize === null || bytes.length === facts.newSize) && gitBlobId(bytes, recordedNewBlob) === recordedNewBlob;
  }
  return recordedNewSha256 !== null && sha256(bytes) === recordedNewSha256;
}

function decodeSide(path: string, side: 'old' | 'new', bytes: Buffer): FileSideContents {
  if (bytes.length > MAX_EDITABLE_BYTES) throw new RedlineError('too-large', tooLargeMessage(path, bytes.length, MAX_EDITABLE_BYTES));
  let contents: string;
  try {
    contents = utf8.decode(bytes);
  } catch {
    throw new RedlineError('not-utf8', `${path} (${side} side) is not valid UTF-8 text`);
  }
  return { contents, sha256: sha256(bytes) };
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
