/**
 * One side of a picture in the diff, as bytes: the old side from
 * the base blob, the new side from the target's blob or the working tree
 * (read by readRegularFile: no symlink followed, nothing outside the
 * repository, and only if it is still the content the diff was read from).
 * At most MAX_IMAGE_BYTES: over it, refused with the size and the limit
 * before anything is read when the diff knew the size.
 */
import { isImageFile, MAX_IMAGE_BYTES } from '@redline/core';
import { RedlineError } from '../errors.js';
import { readRegularFile } from '../files/readRegularFile.js';
import { refuseUnplainPath } from '../files/readWorktreeFile.js';
import { pageRefusal } from '../files/regularFileRefusal.js';
import { readBlob } from '../git/readBlob.js';
import { hasLoadedContent, type RepositoryRoots } from './readFileContents.js';
import type { FileEntry } from './reviewSnapshot.js';

export type ImageSide = 'old' | 'new';

export async function readImageBytes(roots: RepositoryRoots, entry: FileEntry, side: ImageSide): Promise<Buffer> {
  const { facts } = entry;
  if (facts.symlink) throw new RedlineError('symlink', `${facts.path} is a symbolic link; its target is not read`);
  if (!isImageFile(facts)) throw new RedlineError('not-image', `${facts.path} is not named as a PNG, JPEG, GIF, WebP or SVG picture`);
  const size = side === 'old' ? facts.oldSize : facts.newSize;
  if (size !== null && size > MAX_IMAGE_BYTES) throw tooLarge(facts.path, side, size);
  const bytes = side === 'old' ? await readOldSide(roots, entry) : await readNewSide(roots, entry);
  if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge(facts.path, side, bytes.length);
  return bytes;
}

function tooLarge(path: string, side: ImageSide, size: number): RedlineError {
  return new RedlineError('too-large', `${path} (${side} side) is too large to show (${size} bytes; pictures up to ${MAX_IMAGE_BYTES} bytes are shown)`);
}

function noSide(path: string, side: ImageSide): RedlineError {
  return new RedlineError('not-in-diff', `${path} has no ${side} side in this diff`);
}

async function readOldSide(roots: RepositoryRoots, entry: FileEntry): Promise<Buffer> {
  if (!entry.facts.oldBlob) throw noSide(entry.facts.path, 'old');
  return readBlob(roots.root, entry.facts.oldBlob, MAX_IMAGE_BYTES + 1);
}

async function readNewSide(roots: RepositoryRoots, entry: FileEntry): Promise<Buffer> {
  const path = entry.facts.path;
  switch (entry.newSource) {
    case 'none':
      throw noSide(path, 'new');
    case 'blob':
      if (!entry.facts.newBlob) throw noSide(path, 'new');
      return readBlob(roots.root, entry.facts.newBlob, MAX_IMAGE_BYTES + 1);
    case 'worktree': {
      const unplain = refuseUnplainPath(path);
      if (unplain) throw new RedlineError(unplain.code, unplain.message);
      const read = await readRegularFile(roots.root, roots.realRoot, path, MAX_IMAGE_BYTES);
      if (!read.ok) {
        if (read.problem === 'too-large') throw tooLarge(path, 'new', read.size ?? 0);
        const { code, message } = pageRefusal(read.problem, path, { maxBytes: MAX_IMAGE_BYTES, size: read.size, detail: read.detail });
        throw new RedlineError(code, message);
      }
      if (!hasLoadedContent(entry, read.bytes)) {
        throw new RedlineError('changed', `${path} has changed since the diff was loaded; reload the review to see it`);
      }
      return read.bytes;
    }
  }
}
