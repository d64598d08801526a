/**
 * Reads a file a suggestion targets, refusing anything that is not a plain
 * regular UTF-8 text file inside the repository (see
 * ../shared/docs/performance-and-security-notes.md §B2, §B4):
 * 1. every directory on the way is `lstat`ed: a symlinked directory is
 *    refused (git apply refuses paths "beyond a symbolic link" too);
 * 2. the file is `lstat`ed: symlinks and non-regular files are refused;
 * 3. `realpath` must be exactly the lexical path under the real root;
 * 4. it is opened with O_NOFOLLOW (and O_NONBLOCK, so a FIFO swapped in
 *    cannot hang us), and the open handle is `fstat`ed: same file, regular;
 * 5. at most 1 MiB + 1 bytes are read; binary (a NUL in the first 8000 bytes,
 *    as git decides) and non-UTF-8 content is refused.
 */
import { createHash } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { MAX_EDITABLE_BYTES } from '@redline/core';
import type { FileReasonCode } from './applyReport.js';

/** The editing limit: whatever the editor could suggest in, apply can apply to. */
export const MAX_APPLY_FILE_BYTES = MAX_EDITABLE_BYTES;
const BINARY_PROBE_BYTES = 8000;

export interface TargetFile {
  ok: true;
  /** Absolute path (root joined with the repository path). */
  full: string;
  bytes: Buffer;
  /** Decoded with a BOM kept as U+FEFF, so the text re-encodes to exactly `bytes`. */
  text: string;
  sha256: string;
  /** The stats of the open handle: mode, owner, device and inode. */
  stats: Stats;
}

export interface TargetRefusal {
  ok: false;
  reason: FileReasonCode;
  message: string;
}

export type TargetRead = TargetFile | TargetRefusal;

export function sha256Bytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** `path` must already have passed checkRepoPath. */
export async function readTargetFile(root: string, realRoot: string, path: string): Promise<TargetRead> {
  const segments = path.split('/');
  for (let depth = 1; depth < segments.length; depth++) {
    const dir = segments.slice(0, depth).join('/');
    const info = await lstat(join(root, dir)).catch(() => null);
    if (!info) return refuse('not-found', `${path} does not exist (no directory ${dir})`);
    if (info.isSymbolicLink()) {
      return refuse('symlink-dir', `${path} is beyond a symbolic link (${dir}); files behind symlinked directories are not written`);
    }
    if (!info.isDirectory()) return refuse('not-found', `${path} does not exist (${dir} is not a directory)`);
  }

  const full = join(root, path);
  const before = await lstat(full).catch(() => null);
  if (!before) return refuse('not-found', `${path} does not exist in the working tree`);
  const shape = refuseByShape(path, before);
  if (shape) return shape;

  const resolved = await realpath(full).catch(() => null);
  if (resolved === null || resolved !== join(realRoot, path) || !resolved.startsWith(realRoot + sep)) {
    return refuse('path-outside-repo', `${path} resolves to ${resolved ?? 'nothing'}, not to itself inside the repository`);
  }

  const handle = await open(full, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    (error: NodeJS.ErrnoException) => error,
  );
  if (handle instanceof Error) {
    return handle.code === 'ELOOP'
      ? refuse('symlink', `${path} became a symbolic link while being read; not followed`)
      : refuse('unreadable', `${path} could not be opened: ${handle.code ?? handle.message}`);
  }
  try {
    const stats = await handle.stat();
    if (stats.ino !== before.ino || stats.dev !== before.dev) {
      return refuse('changed', `${path} was replaced while it was being read`);
    }
    const openedShape = refuseByShape(path, stats);
    if (openedShape) return openedShape;
    const buffer = Buffer.alloc(Math.min(stats.size, MAX_APPLY_FILE_BYTES) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) break;
    }
    if (length > MAX_APPLY_FILE_BYTES) return refuse('too-large', tooLarge(path, length));
    if (length === buffer.length) return refuse('changed', `${path} grew while it was being read`);
    const bytes = buffer.subarray(0, length);
    if (bytes.subarray(0, BINARY_PROBE_BYTES).includes(0)) {
      return refuse('binary', `${path} is binary (a NUL byte in its first ${BINARY_PROBE_BYTES} bytes)`);
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      return refuse('not-utf8', `${path} is not valid UTF-8`);
    }
    return { ok: true, full, bytes, text, sha256: sha256Bytes(bytes), stats };
  } finally {
    await handle.close();
  }
}

function refuseByShape(path: string, stats: Stats): TargetRefusal | null {
  if (stats.isSymbolicLink()) return refuse('symlink', `${path} is a symbolic link; suggestions are never applied through one`);
  if (!stats.isFile()) return refuse('not-regular', `${path} is not a regular file`);
  if (stats.size > MAX_APPLY_FILE_BYTES) return refuse('too-large', tooLarge(path, stats.size));
  return null;
}

function tooLarge(path: string, size: number): string {
  return `${path} is too large to apply to (${size} bytes; the limit is ${MAX_APPLY_FILE_BYTES} bytes)`;
}

function refuse(reason: FileReasonCode, message: string): TargetRefusal {
  return { ok: false, reason, message };
}
