/**
 * Writes the planned files atomically and only over the bytes that were
 * planned against (../shared/docs/performance-and-security-notes.md §B4):
 *
 * 1. prepare: for each file, a temp file in the same directory (O_EXCL,
 *    O_NOFOLLOW), given the target's exact mode (executable bit included,
 *    umask bypassed) and owner when permitted, written and fsynced;
 * 2. confirm: every directory from the repository root down to each target
 *    is checked again (still a directory, not a symbolic link, the same
 *    inode as when its temp file was made), then the target is read again
 *    (lstat, O_NOFOLLOW, fstat) and its sha256 compared with the one the
 *    plan was made from: a file or folder someone changed meanwhile is
 *    refused, never written through;
 * 3. commit: rename each temp over its target, then fsync the directory.
 *
 * All targets are confirmed before the first rename, so in all-or-nothing
 * mode a change to any one file writes none. A small window between the last
 * confirmation and the rename remains: POSIX has no compare-and-swap rename.
 *
 * Besides replacing a file's bytes (`replace`, what a suggestion does), a
 * whole file picked from a compared variant may be created (`create`: the
 * file must not exist; its temp file is made in the deepest folder that does,
 * the missing folders are made at the commit, and the temp is hard-linked to
 * the new name, which fails rather than overwrite a file made meanwhile) or
 * deleted (`delete`: confirmed unchanged as a replacement is, then unlinked).
 */
import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { link, lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { sha256Bytes } from '../../files/sha256Bytes.js';
import { syncDirectory } from '../../files/writeFileAtomic.js';
import { MAX_APPLY_FILE_BYTES } from './readTargetFile.js';
import { errorMessage } from '@redline/core';

interface RequestPlace {
  /** Repository path, for messages. */
  path: string;
  /** The repository root's real path: every directory below it on the way to `full` is checked again before the write. */
  root: string;
  /** Absolute path of the target. */
  full: string;
}

/** The file as it was read: the bytes the plan was made from (their sha256) and its stats (mode, owner, inode). */
interface ReadState {
  expectedSha256: string;
  stats: Stats;
}

export type WriteRequest =
  | (RequestPlace & ReadState & { kind: 'replace'; bytes: Uint8Array })
  | (RequestPlace & { kind: 'create'; bytes: Uint8Array; mode: number })
  | (RequestPlace & ReadState & { kind: 'delete' });

export interface WriteHooks {
  /** Called once all temp files are written, before the targets are re-checked (tests use it to change a file meanwhile). */
  beforeRename?: (paths: readonly string[]) => void | Promise<void>;
}

export interface WriteFailure {
  path: string;
  reason: 'changed' | 'write-failed';
  message: string;
}

export interface WriteResult {
  written: string[];
  failures: WriteFailure[];
}

interface Prepared {
  request: WriteRequest;
  /** The written temp file; null for a delete. */
  temp: string | null;
  /** The directories from the root to the target's (a create: to the deepest one that exists), as they were when prepared. */
  directories: DirectoryIdentity[];
  /** A create's folders that do not exist yet, made at the commit, outermost first. */
  missing: string[];
}

interface DirectoryIdentity {
  path: string;
  dev: number;
  ino: number;
}

/**
 * Writes every request, or (allOrNothing) none of them when any one fails to
 * prepare or confirm. Never throws for a file-system failure: it reports it.
 */
export async function writeTargetFiles(
  requests: readonly WriteRequest[],
  options: { allOrNothing: boolean; hooks?: WriteHooks },
): Promise<WriteResult> {
  const failures: WriteFailure[] = [];
  const prepared: Prepared[] = [];
  for (const request of requests) {
    const result = await prepare(request);
    if ('directories' in result) prepared.push(result);
    else failures.push(result);
  }
  try {
    if (prepared.length > 0) await options.hooks?.beforeRename?.(prepared.map((p) => p.request.path));
    const confirmed: Prepared[] = [];
    for (const p of prepared) {
      const problem = (await confirmDirectories(p)) ?? (p.request.kind === 'create' ? await confirmAbsent(p.request) : await confirmUnchanged(p.request));
      if (problem) failures.push(problem);
      else confirmed.push(p);
    }
    if (failures.length > 0 && options.allOrNothing) return { written: [], failures };

    const written: string[] = [];
    for (const p of confirmed) {
      try {
        await commit(p);
        written.push(p.request.path);
        await syncDirectory(dirname(p.request.full));
      } catch (error) {
        failures.push(writeFailed(p.request.path, error));
      }
    }
    return { written, failures };
  } finally {
    // Renamed temps are gone already; this removes the ones left behind.
    await Promise.all(prepared.map((p) => (p.temp === null ? undefined : rm(p.temp, { force: true }).catch(() => undefined))));
  }
}

/** The root and each directory below it down to `full`'s own. */
function directoriesTo(root: string, full: string): string[] {
  const parts = relative(root, dirname(full)).split(sep).filter((part) => part !== '');
  return parts.reduce((chain, part) => [...chain, join(chain.at(-1)!, part)], [root]);
}

/** The directories on the way, each a real directory; a create may end in folders that do not exist yet (`missing`). */
async function readDirectories(request: WriteRequest): Promise<{ identities: DirectoryIdentity[]; missing: string[] } | WriteFailure> {
  const identities: DirectoryIdentity[] = [];
  const chain = directoriesTo(request.root, request.full);
  for (const [i, path] of chain.entries()) {
    const info = await lstat(path).catch(() => null);
    if (!info && request.kind === 'create' && i > 0) return { identities, missing: chain.slice(i) };
    if (!info || !info.isDirectory()) return changedFolder(request, path, 'it is not a directory');
    identities.push({ path, dev: info.dev, ino: info.ino });
  }
  return { identities, missing: [] };
}

/** Each directory on the way must still be the very directory it was: a swap for a symlink would send the write elsewhere. */
async function confirmDirectories(prepared: Prepared): Promise<WriteFailure | null> {
  for (const known of prepared.directories) {
    const info = await lstat(known.path).catch(() => null);
    if (!info) return changedFolder(prepared.request, known.path, 'it was removed');
    if (info.isSymbolicLink()) return changedFolder(prepared.request, known.path, 'it is now a symbolic link');
    if (!info.isDirectory() || info.ino !== known.ino || info.dev !== known.dev) return changedFolder(prepared.request, known.path, 'it was replaced');
  }
  return null;
}

function changedFolder(request: WriteRequest, path: string, why: string): WriteFailure {
  const folder = relative(request.root, path) || '.';
  return { path: request.path, reason: 'changed', message: `${request.path}: the folder ${folder} changed while apply was running (${why}); not written` };
}

async function prepare(request: WriteRequest): Promise<Prepared | WriteFailure> {
  const read = await readDirectories(request);
  if (!('identities' in read)) return read;
  const { identities: directories, missing } = read;
  if (request.kind === 'delete') return { request, temp: null, directories, missing };
  // A create's temp waits in the deepest folder that exists (a hard link needs the same file system).
  const dir = directories.at(-1)!.path;
  const temp = join(dir, `.${basename(request.full)}.redline-${randomBytes(6).toString('hex')}.tmp`);
  const mode = request.kind === 'create' ? request.mode & 0o777 : request.stats.mode & 0o7777;
  let handle;
  try {
    handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
  } catch (error) {
    return writeFailed(request.path, error);
  }
  try {
    await handle.chmod(mode);
    if (request.kind === 'replace' && typeof process.getuid === 'function') {
      await handle.chown(request.stats.uid, request.stats.gid).catch(() => undefined);
      // Without the right to give the file away, chown fails and the file
      // keeps our ownership, as write-file-atomic does.
    }
    await handle.writeFile(request.bytes);
    await handle.sync();
    await handle.close();
    return { request, temp, directories, missing };
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    return writeFailed(request.path, error);
  }
}

/** A replace or delete: the same file, unchanged, committed by a rename over it or by removing it; a create: the missing folders made, then a hard link that refuses to overwrite. */
async function commit(p: Prepared): Promise<void> {
  const { request, temp } = p;
  if (request.kind === 'delete') return rm(request.full);
  if (temp === null) throw new Error(`${request.path}: nothing prepared`);
  if (request.kind === 'replace') return rename(temp, request.full);
  for (const folder of p.missing) await mkdir(folder);
  await link(temp, request.full);
  await rm(temp);
}

/** A create's target must still not exist (nor a symbolic link by its name). */
async function confirmAbsent(request: WriteRequest): Promise<WriteFailure | null> {
  const info = await lstat(request.full).catch(() => null);
  if (!info) return null;
  return { path: request.path, reason: 'changed', message: `${request.path} was created while apply was running; not overwritten` };
}

/** The target must still be the same regular file holding the planned-from bytes. */
async function confirmUnchanged(request: Extract<WriteRequest, ReadState>): Promise<WriteFailure | null> {
  const changed = (why: string): WriteFailure => ({
    path: request.path,
    reason: 'changed',
    message: `${request.path} changed while apply was running (${why}); not overwritten`,
  });
  const info = await lstat(request.full).catch(() => null);
  if (!info) return changed('it was removed');
  if (info.isSymbolicLink()) return changed('it is now a symbolic link');
  if (!info.isFile()) return changed('it is no longer a regular file');
  if (info.ino !== request.stats.ino || info.dev !== request.stats.dev) return changed('it was replaced');
  const handle = await open(request.full, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => null);
  if (!handle) return changed('it could not be opened again');
  try {
    const stats = await handle.stat();
    if (stats.ino !== request.stats.ino || !stats.isFile()) return changed('it was replaced');
    if (stats.size > MAX_APPLY_FILE_BYTES) return changed('it grew past the size limit');
    const bytes = await handle.readFile();
    if (sha256Bytes(bytes) !== request.expectedSha256) return changed('its content differs from what was planned against');
    return null;
  } finally {
    await handle.close();
  }
}

function writeFailed(path: string, error: unknown): WriteFailure {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const detail = code ?? errorMessage(error);
  return { path, reason: 'write-failed', message: `${path} could not be written: ${detail}` };
}
