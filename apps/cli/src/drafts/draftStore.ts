/**
 * Autosaved review state, one file per diff fingerprint under
 * `<state dir>/drafts/<fingerprint>.json`, written atomically so a browser
 * crash, a reload or a server restart loses nothing.
 *
 * Only a regular file at the draft's path is read (readOwnFile: never
 * through a symbolic link, a FIFO or a device, so nothing can hang the
 * server), and only a draft whose fingerprint is its file name's is served.
 *
 * A draft that cannot be read (not a regular file, not JSON, a version this
 * redline has no reader for, a failed check, another fingerprint inside) is
 * never dropped or overwritten: it is renamed to
 * `<fingerprint>.unreadable-<time>.json` beside it, and `load` says so.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isFingerprint, type DraftData } from '@redline/core';
import { RedlineError } from '../errors.js';
import { keepAside, unreadableReason } from '../files/keepAside.js';
import { readOwnFile } from '../files/readOwnFile.js';
import { sweepInterruptedWrites } from '../files/sweepInterruptedWrites.js';
import { writeFailed } from '../files/writeFailure.js';
import { MAX_BODY_BYTES } from '../server/httpIo.js';
import { writeFileAtomic, writesSettled } from '../files/writeFileAtomic.js';
import { readDraft } from './readDraft.js';

export type DraftLoad =
  | { kind: 'none' }
  | { kind: 'draft'; draft: DraftData }
  /** `keptAs` is the file name it was moved to; `reason` says what is wrong with it. */
  | { kind: 'unreadable'; keptAs: string; reason: string };

export class DraftStore {
  constructor(private readonly dir: string) {}

  /** The draft saved for a fingerprint; an unreadable one is moved aside first. */
  async load(fingerprint: string): Promise<DraftLoad> {
    const path = this.pathFor(fingerprint);
    const read = await readOwnFile(path, MAX_BODY_BYTES);
    if (read.kind === 'missing') return { kind: 'none' };
    if (read.kind === 'refused') return { kind: 'unreadable', keptAs: await keepAside(path), reason: read.reason };
    try {
      const draft = readDraft(JSON.parse(read.bytes.toString('utf8')));
      if (draft.fingerprint !== fingerprint) {
        throw new RedlineError('unreadable-draft', `it holds the draft of fingerprint ${draft.fingerprint.slice(0, 12)}…, not of its file name's`);
      }
      return { kind: 'draft', draft };
    } catch (error) {
      return { kind: 'unreadable', keptAs: await keepAside(path), reason: unreadableReason(error) };
    }
  }

  async save(draft: DraftData): Promise<void> {
    await writeFileAtomic(this.pathFor(draft.fingerprint), JSON.stringify(draft)).catch((error: unknown) => {
      throw writeFailed(`save the draft in ${this.dir}`, error);
    });
  }

  /** Removes the temporary files of writes that were interrupted; returns how many. */
  sweepInterruptedWrites(now = Date.now()): Promise<number> {
    return sweepInterruptedWrites(this.dir, now);
  }

  /** Waits for saves still in flight, so none of them brings the draft back. */
  async remove(fingerprint: string): Promise<void> {
    const path = this.pathFor(fingerprint);
    await writesSettled(path);
    await rm(path, { force: true });
  }

  /** The fingerprint is the file name, so it must be exactly 64 hex digits. */
  private pathFor(fingerprint: string): string {
    if (!isFingerprint(fingerprint)) {
      throw new RedlineError('bad-request', `fingerprint must be 64 lowercase hex digits, got ${JSON.stringify(fingerprint.slice(0, 80))}`);
    }
    return join(this.dir, `${fingerprint}.json`);
  }
}
