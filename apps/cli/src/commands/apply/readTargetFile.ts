/**
 * Reads a file a suggestion targets, refusing anything that is not a plain
 * regular UTF-8 text file inside the repository (see
 * ../shared/docs/performance-and-security-notes.md §B2, §B4):
 * 1. every directory on the way is `lstat`ed: a symlinked directory is
 *    refused with its own reason (git apply refuses paths "beyond a symbolic
 *    link" too);
 * 2. the file is read by readRegularFile (lstat, realpath, O_NOFOLLOW open,
 *    fstat of the handle, at most the limit + 1 bytes: 8 MiB), the same
 *    reader the page's file endpoint uses, refused with apply's reason codes;
 * 3. binary (a NUL in the first 8000 bytes, as git decides) and non-UTF-8
 *    content is refused.
 */
import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_EDITABLE_BYTES } from '@redline/core';
import { readRegularFile, type RegularFileProblem } from '../../files/readRegularFile.js';
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

  const read = await readRegularFile(root, realRoot, path, MAX_APPLY_FILE_BYTES);
  if (!read.ok) return refusal(path, read.problem, read);
  const { full, bytes, stats } = read;
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
}

function refusal(path: string, problem: RegularFileProblem, read: { size?: number; detail?: string }): TargetRefusal {
  switch (problem) {
    case 'missing':
      return refuse('not-found', `${path} does not exist in the working tree`);
    case 'symlink':
      return refuse('symlink', `${path} is a symbolic link; suggestions are never applied through one`);
    case 'not-regular':
      return refuse('not-regular', `${path} is not a regular file`);
    case 'outside-repo':
      return refuse('path-outside-repo', `${path} resolves to ${read.detail || 'nothing'}, not to itself inside the repository`);
    case 'became-symlink':
      return refuse('symlink', `${path} became a symbolic link while being read; not followed`);
    case 'unreadable':
      return refuse('unreadable', `${path} could not be opened: ${read.detail ?? 'error'}`);
    case 'replaced':
      return refuse('changed', `${path} was replaced while it was being read`);
    case 'too-large':
      return refuse('too-large', tooLarge(path, read.size ?? 0));
    case 'grew':
      return refuse('changed', `${path} grew while it was being read`);
  }
}

function tooLarge(path: string, size: number): string {
  return `${path} is too large to apply to (${size} bytes; the limit is ${MAX_APPLY_FILE_BYTES} bytes)`;
}

function refuse(reason: FileReasonCode, message: string): TargetRefusal {
  return { ok: false, reason, message };
}
