/**
 * Writes a file so that readers see either the old or the new content, never
 * a torn one, even after a crash: write a temp file in the same directory,
 * fsync it, rename it over the target, then fsync the directory. Writes to
 * the same path are serialized, so the last call wins.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { makePrivateDir } from './writeFailure.js';

const queues = new Map<string, Promise<unknown>>();

export function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o600): Promise<void> {
  const previous = queues.get(path) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => writeNow(path, data, mode));
  queues.set(path, next);
  void next.finally(() => {
    if (queues.get(path) === next) queues.delete(path);
  }).catch(() => undefined);
  return next;
}

/** Resolves once every write to `path` started so far has finished (successfully or not). */
export async function writesSettled(path: string): Promise<void> {
  await queues.get(path)?.catch(() => undefined);
}

async function writeNow(path: string, data: string | Uint8Array, mode: number): Promise<void> {
  const dir = dirname(path);
  await makePrivateDir(dir);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

/** fsyncs a directory after a rename into it. */
export async function syncDirectory(dir: string): Promise<void> {
  // Makes the rename itself durable. Not every platform can open a directory
  // for fsync (Windows cannot); the rename is still atomic there.
  const handle = await open(dir, 'r').catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // ignored: see above
  } finally {
    await handle.close();
  }
}
