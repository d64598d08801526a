/**
 * A draft file's JSON to the current DraftData, whatever version wrote it.
 * One reader per version a release has ever written, keyed by version: a
 * new format adds its reader, and the old reader becomes "validate as it
 * was, then migrate one step" (zustand persist's version + migrate). So a
 * format change never drops a reviewer's draft; a version with no reader
 * (written by a newer redline) is refused with a reason, and kept aside by
 * DraftStore, not deleted.
 */
import type { DraftData } from '@redline/core';
import { RedlineError } from '../errors.js';
import { readObject } from '../validation/fields.js';
import { validateDraft, validateDraftVersion1 } from './validateDraft.js';

type DraftReader = (value: unknown) => DraftData;

/** Version 2 is the current format (it added the unsent composer); version 1 is read as it was and given none. */
const DRAFT_READERS: Readonly<Record<number, DraftReader>> = {
  1: validateDraftVersion1,
  2: validateDraft,
};

export function readDraft(value: unknown): DraftData {
  const { version } = readObject(value, 'body');
  const reader = typeof version === 'number' ? DRAFT_READERS[version] : undefined;
  if (!reader) {
    const known = Object.keys(DRAFT_READERS).join(', ');
    throw new RedlineError('bad-request', `body.version: a draft of version ${JSON.stringify(version)}; this redline reads version ${known}`);
  }
  return reader(value);
}
