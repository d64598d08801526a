/**
 * Reads one working-tree file for the page: a plain repository path, read
 * by readRegularFile (a regular file inside the repository, no symlink
 * followed, at most `maxBytes`), refused with the page's reason codes; most
 * refusals ask for a reload, since the file changed after the diff was read.
 */
import { isPlainRepoPath, type FileRefusalCode } from '@redline/core';
import { readRegularFile, type RegularFileProblem } from './readRegularFile.js';

export type WorktreeRead =
  | { ok: true; bytes: Buffer }
  | { ok: false; code: FileRefusalCode; message: string };

export async function readWorktreeFile(root: string, realRoot: string, path: string, maxBytes: number): Promise<WorktreeRead> {
  if (!isPlainRepoPath(path)) return refuse('not-in-diff', `refusing to read ${JSON.stringify(path)}: not a plain repository path`);
  const read = await readRegularFile(root, realRoot, path, maxBytes);
  if (read.ok) return { ok: true, bytes: read.bytes };
  return refusal(path, read.problem, read, maxBytes);
}

function refusal(path: string, problem: RegularFileProblem, read: { size?: number; detail?: string }, maxBytes: number): WorktreeRead {
  switch (problem) {
    case 'missing':
      return refuse('changed', `${path} no longer exists in the working tree; reload the review`);
    case 'symlink':
      return refuse('symlink', `${path} is a symbolic link; its target is not read`);
    case 'not-regular':
      return refuse('not-regular', `${path} is not a regular file`);
    case 'outside-repo':
      return refuse('symlink', `${path} is reached through a symbolic link; only files inside the repository are served`);
    case 'became-symlink':
      return refuse('symlink', `${path} is a symbolic link; symlinks are not opened`);
    case 'unreadable':
      return refuse('changed', `${path} could not be opened (${read.detail ?? 'error'}); reload the review`);
    case 'replaced':
      return refuse('changed', `${path} was replaced while it was being read; reload the review`);
    case 'too-large':
      return refuse('too-large', tooLargeMessage(path, read.size ?? 0, maxBytes));
    case 'grew':
      return refuse('changed', `${path} grew while it was being read; reload the review`);
  }
}

export function tooLargeMessage(path: string, size: number, maxBytes: number): string {
  return `${path} is too large to edit (${size} bytes; the limit is ${maxBytes} bytes)`;
}

function refuse(code: FileRefusalCode, message: string): WorktreeRead {
  return { ok: false, code, message };
}
