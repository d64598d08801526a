/**
 * The files as they are now, for the threads: from the working tree (read
 * safely, as the file endpoint reads), the index, or the reviewed commit.
 * A file that is gone, binary-sized or unreadable is null.
 */
import { realpath } from 'node:fs/promises';
import { MAX_EDITABLE_BYTES } from '@redline/core';
import { readRegularFile } from '../files/readRegularFile.js';
import { sha256Bytes } from '../files/sha256Bytes.js';
import { readObjectsBatch } from '../git/readObjectsBatch.js';
import type { SeriesTarget } from './roundRecord.js';

export type NowText = { text: string; sha256: string } | null;

export async function readNowTexts(root: string, target: SeriesTarget, paths: readonly string[]): Promise<Map<string, NowText>> {
  if (target.kind === 'worktree') {
    const realRoot = await realpath(root);
    const read = await Promise.all(paths.map((path) => readRegularFile(root, realRoot, path, MAX_EDITABLE_BYTES)));
    return new Map(paths.map((path, i) => { const file = read[i]!; return [path, file.ok ? toNowText(file.bytes) : null]; }));
  }
  const rev = target.kind === 'staged' ? '' : target.newCommit;
  const objects = await readObjectsBatch(root, paths.map((path) => `${rev}:${path}`));
  return new Map(paths.map((path, i) => { const object = objects[i]; return [path, object?.type === 'blob' ? toNowText(object.bytes) : null]; }));
}

export function toNowText(bytes: Buffer): NonNullable<NowText> {
  return { text: bytes.toString('utf8'), sha256: sha256Bytes(bytes) };
}
