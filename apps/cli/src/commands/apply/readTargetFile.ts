/**
 * Reads a file a suggestion targets, refusing anything that is not a plain
 * regular UTF-8 text file inside the repository (see
 * ../shared/docs/performance-and-security-notes.md §B2, §B4):
 * 1. every directory on the way is `lstat`ed: a symlinked directory is
 *    refused with its own reason (git apply refuses paths "beyond a symbolic
 *    link" too);
 * 2. the file is read by readTextFile (lstat, realpath, O_NOFOLLOW open,
 *    fstat of the handle, at most the limit + 1 bytes: 8 MiB), the same
 *    reader the page's file endpoint uses, refused with apply's reason codes
 *    (regularFileRefusal.ts);
 * 3. binary (a NUL in the first 8000 bytes, as git decides) and non-UTF-8
 *    content is refused.
 */
import type { Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_EDITABLE_BYTES } from '@redline/core';
import { BINARY_PROBE_BYTES, readTextFile } from '../../files/readTextFile.js';
import { applyRefusal } from '../../files/regularFileRefusal.js';
import type { FileReasonCode } from './applyReport.js';

/** The editing limit: whatever the editor could suggest in, apply can apply to. */
export const MAX_APPLY_FILE_BYTES = MAX_EDITABLE_BYTES;

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

/** `path` must already have passed checkRepoPath. */
export async function readTargetFile(root: string, realRoot: string, path: string): Promise<TargetRead> {
  const onTheWay = await refuseDirectoriesOnTheWay(root, path);
  if (onTheWay) return onTheWay;
  const read = await readTextFile(root, realRoot, path, { maxBytes: MAX_APPLY_FILE_BYTES, refuseBinary: true });
  if (read.ok) return read;
  switch (read.problem) {
    case 'binary':
      return refuse('binary', `${path} is binary (a NUL byte in its first ${BINARY_PROBE_BYTES} bytes)`);
    case 'not-utf8':
      return refuse('not-utf8', `${path} is not valid UTF-8`);
    default: {
      const { code, message } = applyRefusal(read.problem, path, read.facts);
      return refuse(code, message);
    }
  }
}

/** Every directory on the way to `path` is a directory, not a symbolic link (a missing one: `not-found`). */
export async function refuseDirectoriesOnTheWay(root: string, path: string): Promise<TargetRefusal | null> {
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
  return null;
}

function refuse(reason: FileReasonCode, message: string): TargetRefusal {
  return { ok: false, reason, message };
}
