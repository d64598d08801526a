/**
 * The one way the CLI reads a file of the working tree, for the page
 * (readWorktreeFile) and for `redline apply` (readTargetFile). It reads only
 * a plain regular file inside the repository, and only up to a cap:
 * 1. `lstat`: a symlink or a non-regular file is refused, and a file over the cap;
 * 2. `realpath` must be exactly the lexical path under the real root (a
 *    symlinked parent directory is refused);
 * 3. it is opened with O_NOFOLLOW (and O_NONBLOCK, so a FIFO swapped in
 *    cannot hang the read), and the open handle is `fstat`ed: the same file
 *    (device and inode), still regular, still under the cap;
 * 4. at most cap + 1 bytes are read: more means it grew past the cap.
 *
 * It answers with what is wrong, not with a message: each caller words its
 * own refusal (the page asks for a reload, apply names its reason codes).
 */
import { constants, type Stats } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';

export type RegularFileProblem =
  /** Nothing at the path (lstat failed). */
  | 'missing'
  /** A symbolic link at the path itself. */
  | 'symlink'
  /** A directory, FIFO, socket or device. */
  | 'not-regular'
  /** Its real path is not the path under the real root (a symlinked directory on the way); `detail` is the real path or ''. */
  | 'outside-repo'
  /** It turned into a symlink between lstat and open (ELOOP on O_NOFOLLOW). */
  | 'became-symlink'
  /** open failed otherwise; `detail` is the error code. */
  | 'unreadable'
  /** The open handle is another file than the one lstat saw. */
  | 'replaced'
  /** Over the cap; `size` is what was seen. */
  | 'too-large'
  /** It grew while it was read. */
  | 'grew';

export type RegularFileRead =
  | { ok: true; full: string; bytes: Buffer; stats: Stats }
  | { ok: false; problem: RegularFileProblem; size?: number; detail?: string };

export type RegularFileLocation =
  | { ok: true; full: string; stats: Stats }
  | { ok: false; problem: RegularFileProblem; size?: number; detail?: string };

/** Steps 1 and 2 alone: where a plain regular file of the repository is, for a caller that hands the path on (Open in editor) rather than reading it. */
export async function locateRegularFile(root: string, realRoot: string, path: string, maxBytes = Number.POSITIVE_INFINITY): Promise<RegularFileLocation> {
  const full = join(root, path);
  const before = await lstat(full).catch(() => null);
  if (!before) return { ok: false, problem: 'missing' };
  const shape = problemWithShape(before, maxBytes);
  if (shape) return shape;

  const resolved = await realpath(full).catch(() => null);
  if (resolved === null || resolved !== join(realRoot, path) || !resolved.startsWith(realRoot + sep)) {
    return { ok: false, problem: 'outside-repo', detail: resolved ?? '' };
  }
  return { ok: true, full, stats: before };
}

export async function readRegularFile(root: string, realRoot: string, path: string, maxBytes: number): Promise<RegularFileRead> {
  const located = await locateRegularFile(root, realRoot, path, maxBytes);
  if (!located.ok) return located;
  const { full, stats: before } = located;

  const handle = await open(full, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    (error: NodeJS.ErrnoException) => error,
  );
  if (handle instanceof Error) {
    return handle.code === 'ELOOP' ? { ok: false, problem: 'became-symlink' } : { ok: false, problem: 'unreadable', detail: handle.code ?? handle.message };
  }
  try {
    const stats = await handle.stat();
    if (stats.ino !== before.ino || stats.dev !== before.dev) return { ok: false, problem: 'replaced' };
    const openedShape = problemWithShape(stats, maxBytes);
    if (openedShape) return openedShape;
    const buffer = Buffer.alloc(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) break;
    }
    if (length > maxBytes) return { ok: false, problem: 'too-large', size: length };
    if (length === buffer.length) return { ok: false, problem: 'grew' };
    return { ok: true, full, bytes: buffer.subarray(0, length), stats };
  } finally {
    await handle.close();
  }
}

function problemWithShape(stats: Stats, maxBytes: number): { ok: false; problem: RegularFileProblem; size?: number } | null {
  if (stats.isSymbolicLink()) return { ok: false, problem: 'symlink' };
  if (!stats.isFile()) return { ok: false, problem: 'not-regular' };
  if (stats.size > maxBytes) return { ok: false, problem: 'too-large', size: stats.size };
  return null;
}
