/**
 * The one way redline reads its own files under `.git/redline/` (drafts,
 * sessions, kept findings): only a regular file at the path itself, read by
 * readRegularFile (never through a symbolic link, never a FIFO or a device,
 * which would hang the read for good), up to a cap. Anything else there is
 * refused by name.
 */
import { realpath } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { readRegularFile } from './readRegularFile.js';
import { ownFileRefusal } from './regularFileRefusal.js';

export type OwnFileRead =
  | { kind: 'missing' }
  | { kind: 'bytes'; bytes: Buffer }
  /** Something other than a regular file of at most the cap; `reason` names it. */
  | { kind: 'refused'; reason: string };

export async function readOwnFile(path: string, maxBytes: number): Promise<OwnFileRead> {
  const dir = dirname(path);
  const name = basename(path);
  const realDir = await realpath(dir).catch(() => null);
  if (realDir === null) return { kind: 'missing' };
  const read = await readRegularFile(dir, realDir, name, maxBytes);
  if (read.ok) return { kind: 'bytes', bytes: read.bytes };
  if (read.problem === 'missing') return { kind: 'missing' };
  return { kind: 'refused', reason: ownFileRefusal(read.problem, name, { size: read.size, detail: read.detail, maxBytes }) };
}

/** Its text (UTF-8), or null when it is missing or refused. */
export async function readOwnText(path: string, maxBytes: number): Promise<string | null> {
  const read = await readOwnFile(path, maxBytes);
  return read.kind === 'bytes' ? read.bytes.toString('utf8') : null;
}
