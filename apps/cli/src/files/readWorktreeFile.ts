/**
 * Reads one working-tree file for the page, refusing anything that is not a
 * plain regular file inside the repository:
 * 1. `lstat`: refuse symlinks and non-regular files, and files over the cap;
 * 2. `realpath`: the resolved path must be exactly the lexical one under the
 *    real root (a symlinked parent directory is refused);
 * 3. open with O_NOFOLLOW, `fstat` the handle and check it is the same file;
 * 4. read at most cap + 1 bytes.
 */
import { constants, type Stats } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { FileRefusalCode } from '@redline/core';
import { isPlainRelativePath } from './isPlainRelativePath.js';

export type WorktreeRead =
  | { ok: true; bytes: Buffer }
  | { ok: false; code: FileRefusalCode; message: string };

export async function readWorktreeFile(root: string, realRoot: string, path: string, maxBytes: number): Promise<WorktreeRead> {
  if (!isPlainRelativePath(path)) return refuse('not-in-diff', `refusing to read ${JSON.stringify(path)}: not a plain repository path`);
  const full = join(root, path);
  const before = await lstat(full).catch(() => null);
  if (!before) return refuse('changed', `${path} no longer exists in the working tree; reload the review`);
  const shape = refuseByShape(path, before, maxBytes);
  if (shape) return shape;

  const resolved = await realpath(full).catch(() => null);
  if (resolved !== join(realRoot, path) || !resolved.startsWith(realRoot + sep)) {
    return refuse('symlink', `${path} is reached through a symbolic link; only files inside the repository are served`);
  }

  const handle = await open(full, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    (error: NodeJS.ErrnoException) => error,
  );
  if (handle instanceof Error) {
    return handle.code === 'ELOOP'
      ? refuse('symlink', `${path} is a symbolic link; symlinks are not opened`)
      : refuse('changed', `${path} could not be opened (${handle.code ?? handle.message}); reload the review`);
  }
  try {
    const opened = await handle.stat();
    if (opened.ino !== before.ino || opened.dev !== before.dev) {
      return refuse('changed', `${path} was replaced while it was being read; reload the review`);
    }
    const openedShape = refuseByShape(path, opened, maxBytes);
    if (openedShape) return openedShape;
    const buffer = Buffer.alloc(Math.min(opened.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) break;
    }
    if (length > maxBytes) return refuse('too-large', tooLargeMessage(path, length, maxBytes));
    if (length === buffer.length) return refuse('changed', `${path} grew while it was being read; reload the review`);
    return { ok: true, bytes: buffer.subarray(0, length) };
  } finally {
    await handle.close();
  }
}

function refuseByShape(path: string, stats: Stats, maxBytes: number): WorktreeRead | null {
  if (stats.isSymbolicLink()) return refuse('symlink', `${path} is a symbolic link; its target is not read`);
  if (!stats.isFile()) return refuse('not-regular', `${path} is not a regular file`);
  if (stats.size > maxBytes) return refuse('too-large', tooLargeMessage(path, stats.size, maxBytes));
  return null;
}

export function tooLargeMessage(path: string, size: number, maxBytes: number): string {
  return `${path} is too large to edit (${size} bytes; the limit is ${maxBytes} bytes)`;
}

function refuse(code: FileRefusalCode, message: string): WorktreeRead {
  return { ok: false, code, message };
}
