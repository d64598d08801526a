/**
 * The drafts of one review session: which fingerprints it saved (done with
 * once feedback is sent) and found (a review resumed from an earlier run),
 * and their saves, one at a time per fingerprint, each refused when another
 * tab saved in between (the page's DRAFT_BASE_HEADER: the `updatedAt` of
 * the draft it last loaded or saved, null for none, must be the draft on
 * disk, so two tabs cannot both pass the check).
 */
import { join } from 'node:path';
import type { DraftData } from '@redline/core';
import type { DraftStore } from '../drafts/draftStore.js';
import { RedlineError } from '../errors.js';

export class SessionDrafts {
  /** The `updatedAt` of each fingerprint's draft on disk (null: none), as last written or read here. */
  private readonly versions = new Map<string, string | null>();
  /** The last save of each fingerprint's draft: the next one waits for it. */
  private readonly saves = new Map<string, Promise<void>>();
  /** Fingerprints this review saved a draft for. */
  readonly saved = new Set<string>();
  /** Drafts found on disk when the page asked. */
  private readonly found = new Set<string>();

  constructor(
    private readonly store: DraftStore,
    private readonly stateDir: string,
    private readonly note: (line: string) => void,
  ) {}

  get keepsDraft(): boolean {
    return this.saved.size > 0 || this.found.size > 0;
  }

  /** The saved draft. An unreadable one has been kept aside (DraftStore): the terminal is told, and the page's error says so. */
  async load(fingerprint: string): Promise<DraftData> {
    const loaded = await this.store.load(fingerprint);
    this.versions.set(fingerprint, loaded.kind === 'draft' ? loaded.draft.updatedAt : null);
    switch (loaded.kind) {
      case 'draft':
        this.found.add(fingerprint);
        return loaded.draft;
      case 'none':
        throw new RedlineError('no-draft', `no draft saved for fingerprint ${fingerprint.slice(0, 12)}`);
      case 'unreadable': {
        const where = join(this.stateDir, 'drafts', loaded.keptAs);
        this.note(`redline: warning: the saved draft could not be read (${loaded.reason}); it was kept as ${where}`);
        throw new RedlineError('unreadable-draft', `the saved draft could not be read (${loaded.reason}); it was kept as ${loaded.keptAs}`);
      }
    }
  }

  /** Queues the save behind the last one of its fingerprint; `assertOpen` runs again when its turn comes. */
  save(draft: DraftData, basedOn: string | null | undefined, assertOpen: () => void): Promise<void> {
    const previous = this.saves.get(draft.fingerprint) ?? Promise.resolve();
    const save = previous.catch(() => undefined).then(() => this.saveInTurn(draft, basedOn, assertOpen));
    this.saves.set(draft.fingerprint, save);
    return save;
  }

  private async saveInTurn(draft: DraftData, basedOn: string | null | undefined, assertOpen: () => void): Promise<void> {
    assertOpen();
    if (basedOn !== undefined && (await this.onDisk(draft.fingerprint)) !== basedOn) {
      throw new RedlineError(
        'draft-conflict',
        'the review was saved from another tab since this tab loaded it; this tab\'s changes were not saved: reload it to continue from the other tab\'s draft',
      );
    }
    this.saved.add(draft.fingerprint);
    await this.store.save(draft);
    this.versions.set(draft.fingerprint, draft.updatedAt);
  }

  /** The `updatedAt` of the draft on disk (null for none), as this session last wrote or read it. */
  private async onDisk(fingerprint: string): Promise<string | null> {
    const known = this.versions.get(fingerprint);
    if (known !== undefined) return known;
    const loaded = await this.store.load(fingerprint);
    const version = loaded.kind === 'draft' ? loaded.draft.updatedAt : null;
    this.versions.set(fingerprint, version);
    return version;
  }
}
