/**
 * Reads one working-tree file's bytes for the page: a plain repository
 * path, read by readRegularFile (a regular file inside the repository, no
 * symlink followed, at most `maxBytes`), refused with the page's wording
 * (regularFileRefusal.ts). The diff reader hashes files with it; the file
 * endpoint reads text with readTextFile.
 */
import { isPlainRepoPath, type FileRefusalCode } from '@redline/core';
import { readRegularFile } from './readRegularFile.js';
import { pageRefusal } from './regularFileRefusal.js';

export type WorktreeRead =
  | { ok: true; bytes: Buffer }
  | { ok: false; code: FileRefusalCode; message: string };

export async function readWorktreeFile(root: string, realRoot: string, path: string, maxBytes: number): Promise<WorktreeRead> {
  const refusal = refuseUnplainPath(path);
  if (refusal) return refusal;
  const read = await readRegularFile(root, realRoot, path, maxBytes);
  if (read.ok) return { ok: true, bytes: read.bytes };
  return { ok: false, ...pageRefusal(read.problem, path, { maxBytes, size: read.size, detail: read.detail }) };
}

/** The page names files by their diff path only; anything else never reaches the file system. */
export function refuseUnplainPath(path: string): { ok: false; code: 'not-in-diff'; message: string } | null {
  if (isPlainRepoPath(path)) return null;
  return { ok: false, code: 'not-in-diff', message: `refusing to read ${JSON.stringify(path)}: not a plain repository path` };
}
