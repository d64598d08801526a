/**
 * One file's full old and new contents for the page, with the sha256 of
 * each; or a refusal (a RedlineError whose code is a FileRefusalCode). The
 * old side comes from the base blob; the new side from the working tree
 * (read defensively, see readWorktreeFile) or from the target's blob.
 *
 * The working-tree side is read by readTextFile, the reader `redline apply`
 * uses too, and worded for the page (files/regularFileRefusal.ts).
 *
 * A working-tree file is served only if it still has the content the diff
 * was made from: the bytes read now must have the blob id git printed for
 * that file in the patch (and the size seen when the diff was read). So,
 * apart from files git filters, no file is hashed when the diff is read, only
 * the one asked for, now.
 */
import {
  MAX_EDITABLE_BYTES,
  refusalFromFileFacts,
  type FileContentsData,
  type FileFactsRefusal,
  type FileSideContents,
} from '@redline/core';
import { RedlineError } from '../errors.js';
import { decodeUtf8, readTextFile } from '../files/readTextFile.js';
import { refuseUnplainPath } from '../files/readWorktreeFile.js';
import { pageRefusal, tooLargeMessage } from '../files/regularFileRefusal.js';
import { sha256Bytes } from '../files/sha256Bytes.js';
import { gitBlobId } from '../git/gitBlobId.js';
import { readBlob } from '../git/readBlob.js';
import type { FileEntry } from './reviewSnapshot.js';

export interface RepositoryRoots {
  root: string;
  /** `realpath(root)`, against which resolved paths are checked. */
  realRoot: string;
}

export async function readFileContents(roots: RepositoryRoots, entry: FileEntry): Promise<FileContentsData> {
  const { facts } = entry;
  const path = facts.path;
  const refusal = refusalFromFileFacts(facts);
  if (refusal) throw factsRefusalError(path, refusal);
  const oldBytes = facts.oldBlob ? await readBlob(roots.root, facts.oldBlob, MAX_EDITABLE_BYTES + 1) : null;
  const newSide = await readNewSide(roots, entry);
  return { path, old: oldBytes && decodeSide(path, 'old', oldBytes), new: newSide };
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
      return new RedlineError('too-large', tooLargeMessage(path, refusal.size, MAX_EDITABLE_BYTES, 'edit'));
  }
}

async function readNewSide(roots: RepositoryRoots, entry: FileEntry): Promise<FileSideContents | null> {
  const { facts } = entry;
  switch (entry.newSource) {
    case 'none':
      return null;
    case 'blob':
      if (!facts.newBlob) throw new RedlineError('internal', `no blob recorded for the new side of ${facts.path}`);
      return decodeSide(facts.path, 'new', await readBlob(roots.root, facts.newBlob, MAX_EDITABLE_BYTES + 1));
    case 'worktree':
      return readWorktreeSide(roots, entry);
  }
}

/** Refused as the page words it; a file that is not what the diff was read from is 'changed', before any other complaint. */
async function readWorktreeSide(roots: RepositoryRoots, entry: FileEntry): Promise<FileSideContents> {
  const path = entry.facts.path;
  const unplain = refuseUnplainPath(path);
  if (unplain) throw new RedlineError(unplain.code, unplain.message);
  const read = await readTextFile(roots.root, roots.realRoot, path, { maxBytes: MAX_EDITABLE_BYTES, refuseBinary: false });
  if (!read.ok && 'facts' in read) {
    const { code, message } = pageRefusal(read.problem, path, read.facts);
    throw new RedlineError(code, message);
  }
  if (!hasLoadedContent(entry, read.bytes)) {
    throw new RedlineError('changed', `${path} has changed since the diff was loaded; reload the review to see its current contents`);
  }
  if (!read.ok) throw notUtf8(path, 'new');
  return { contents: read.text, sha256: read.sha256 };
}

/**
 * Whether working-tree bytes read now are the content the diff was made
 * from: the blob id git printed for the file (recorded only for files git
 * does not filter, so the id of the bytes themselves) or, for the few files
 * hashed when the diff was read, that sha256.
 */
export function hasLoadedContent(entry: FileEntry, bytes: Buffer): boolean {
  const { recordedNewBlob, recordedNewSha256, facts } = entry;
  if (recordedNewBlob !== null) {
    return (facts.newSize === null || bytes.length === facts.newSize) && gitBlobId(bytes, recordedNewBlob) === recordedNewBlob;
  }
  return recordedNewSha256 !== null && sha256Bytes(bytes) === recordedNewSha256;
}

function decodeSide(path: string, side: 'old' | 'new', bytes: Buffer): FileSideContents {
  if (bytes.length > MAX_EDITABLE_BYTES) throw new RedlineError('too-large', tooLargeMessage(path, bytes.length, MAX_EDITABLE_BYTES, 'edit'));
  const contents = decodeUtf8(bytes);
  if (contents === null) throw notUtf8(path, side);
  return { contents, sha256: sha256Bytes(bytes) };
}

function notUtf8(path: string, side: 'old' | 'new'): RedlineError {
  return new RedlineError('not-utf8', `${path} (${side} side) is not valid UTF-8 text`);
}
