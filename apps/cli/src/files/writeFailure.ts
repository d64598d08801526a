/**
 * A failed write in words a person can act on: a read-only file system, a
 * full disk or a refused permission named as such, never a bare errno or
 * Node's misleading ENOENT from a recursive mkdir under a read-only parent.
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { RedlineError } from '../errors.js';
import { errorMessage } from '@redline/core';

const REASONS: Readonly<Record<string, string>> = {
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EIO: 'input/output error',
};

/** `could not <what>: <reason> (<errno>)` as a write-failed RedlineError; a RedlineError passes through. */
export function writeFailed(what: string, error: unknown): RedlineError {
  if (error instanceof RedlineError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const reason = code !== undefined && Object.hasOwn(REASONS, code) ? `${REASONS[code]} (${code})` : errorMessage(error);
  return new RedlineError('write-failed', `could not ${what}: ${reason}`, { cause: error });
}

/**
 * `mkdir -p` with mode 0700. Node's recursive mkdir answers ENOENT when a
 * parent cannot be made (a read-only file system); this throws the error of
 * the first directory that really could not be made instead.
 */
export async function makePrivateDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw (await firstMkdirError(dir)) ?? error;
  }
}

async function firstMkdirError(dir: string): Promise<unknown> {
  const parent = dirname(dir);
  if (parent !== dir && !(await stat(parent).then(() => true, () => false))) {
    const above = await firstMkdirError(parent);
    if (above !== null) return above;
  }
  return mkdir(dir, { mode: 0o700 }).then(
    () => null,
    (error: NodeJS.ErrnoException) => (error.code === 'EEXIST' ? null : error),
  );
}
