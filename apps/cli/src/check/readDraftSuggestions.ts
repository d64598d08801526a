/**
 * The pending suggestions of the review open in this repository: those of
 * its draft (`.git/redline/drafts/<fingerprint>.json`, autosaved by the page
 * as the reviewer works; drafts/draftStore.ts). The open review's draft is
 * the one saved last (the newest `updatedAt`). Read only: a draft that
 * cannot be read is passed over here (the review itself keeps it aside), and
 * nothing under `.git/redline/` is written. A suggestion still in its form,
 * not yet added, is not pending: it is counted so the command can say so.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DraftData } from '@redline/core';
import type { Suggestion } from '../commands/apply/core.js';
import type { ApplySet } from '../commands/apply/readExportSuggestions.js';
import { readDraft } from '../drafts/readDraft.js';
import type { ReviewedState } from './reviewedState.js';
import { RedlineError } from '../errors.js';
import { readOwnFile } from '../files/readOwnFile.js';
import { MAX_BODY_BYTES } from '../server/httpIo.js';
import { SessionStore } from '../sessions/sessionStore.js';

export interface DraftSuggestions {
  suggestions: Suggestion[];
  /** The draft's fix sets, each with its members. */
  fixSets: ApplySet[];
  /** True when the draft holds a suggestion being written and not yet added. */
  unsentSuggestion: boolean;
}

const DRAFT_NAME = /^[0-9a-f]{64}\.json$/;

/** The open review's draft, and what its check runs on (the session record keeps it: a commit review's head commit's tree). */
export async function readDraftSuggestions(stateDir: string): Promise<DraftSuggestions & { reviewed: ReviewedState }> {
  const found = await new SessionStore(stateDir).find();
  if (found.kind !== 'live') {
    throw new RedlineError('no-session', "no open review in this repository: start one with 'redline', or check a saved export with --export FILE");
  }
  return { ...(await readNewestDraftSuggestions(stateDir)), reviewed: found.record.reviewed };
}

/** The same, for the review's own server (its review is open by definition). */
export async function readNewestDraftSuggestions(stateDir: string): Promise<DraftSuggestions> {
  const draft = await newestDraft(join(stateDir, 'drafts'));
  if (draft === null) return { suggestions: [], fixSets: [], unsentSuggestion: false };
  const suggestions = draft.annotations.filter((a): a is Suggestion => a.kind === 'suggestion');
  const byId = new Map(suggestions.map((s) => [s.id, s]));
  return {
    suggestions,
    fixSets: (draft.fixSets ?? []).map((set) => ({ id: set.id, description: set.description, round: null, members: set.members.flatMap((id) => byId.get(id) ?? []) })),
    unsentSuggestion: draft.composer?.kind === 'suggestion',
  };
}

async function newestDraft(dir: string): Promise<DraftData | null> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => DRAFT_NAME.test(name));
  let newest: DraftData | null = null;
  for (const name of names) {
    const draft = await readQuietly(join(dir, name), name.slice(0, -'.json'.length));
    if (draft && (newest === null || draft.updatedAt > newest.updatedAt)) newest = draft;
  }
  return newest;
}

async function readQuietly(path: string, fingerprint: string): Promise<DraftData | null> {
  const read = await readOwnFile(path, MAX_BODY_BYTES);
  if (read.kind !== 'bytes') return null;
  try {
    const draft = readDraft(JSON.parse(read.bytes.toString('utf8')));
    return draft.fingerprint === fingerprint ? draft : null;
  } catch {
    return null;
  }
}
