/**
 * writeFileAtomic's temporary files (`.<name>.<12 hex>.tmp`) of redline's
 * own `<64 hex>.json` files (drafts, kept proposal boards) that a killed
 * process never renamed: removed when a review starts, once old enough that
 * no other redline can still be writing them.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** writeFileAtomic's temporary files of a `<fingerprint>.json`. */
const TEMP_FILE_RE = /^\.[0-9a-f]{64}\.json\.[0-9a-f]{12}\.tmp$/;
/**
 * A temporary file this old was left by a write that never finished (a
 * killed process): 50 kills during saves left 23 of them, 33 MB, for good
 * (an interrupted write). A younger one may be another redline's write in progress.
 */
export const INTERRUPTED_WRITE_AGE_MS = 60_000;

/** Removes the temporary files of writes that were interrupted in `dir`; returns how many. */
export async function sweepInterruptedWrites(dir: string, now = Date.now()): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((n) => TEMP_FILE_RE.test(n))) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && now - info.mtimeMs >= INTERRUPTED_WRITE_AGE_MS) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}
