/**
 * Autosaved review state, one file per diff fingerprint under
 * `<state dir>/drafts/<fingerprint>.json`, written atomically so a browser
 * crash, a reload or a server restart loses nothing.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isFingerprint, type DraftData } from '@redline/core';
import { RedlineError } from '../errors.js';
import { writeFileAtomic, writesSettled } from '../files/writeFileAtomic.js';
import { validateDraft } from '../feedback/validateDraft.js';

export class DraftStore {
  constructor(private readonly dir: string) {}

  /** The draft saved for a fingerprint, or null. A corrupt file counts as no draft. */
  async load(fingerprint: string): Promise<DraftData | null> {
    const text = await readFile(this.pathFor(fingerprint), 'utf8').catch(() => null);
    if (text === null) return null;
    try {
      return validateDraft(JSON.parse(text));
    } catch {
      return null;
    }
  }

  async save(draft: DraftData): Promise<void> {
    await writeFileAtomic(this.pathFor(draft.fingerprint), JSON.stringify(draft));
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
