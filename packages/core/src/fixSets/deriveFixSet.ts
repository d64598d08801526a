/**
 * Turning a multi-file edit session's net change into one fix set: each
 * file's hunks by the one collision-free rule (`deriveSuggestionHunks`), each
 * hunk an ordinary suggestion bound to its file's revision, the members in
 * the session's file order and each file's line order. One hunk in all is a
 * plain suggestion (the description becomes its text); none is no change.
 */
import { suggestionId } from '../model/suggestionId.js';
import type { FixSet, Suggestion } from '../model/types.js';
import { deriveSuggestionHunks, type DeriveSuggestionOptions, type SuggestionHunk } from '../suggestions/deriveSuggestionHunks.js';
import { makeFixSet } from './makeFixSet.js';

/** One file of the session: its text when the session began, its text now, and the revision (sha256 of the bytes) `before` was read as. */
export interface SessionFile {
  path: string;
  before: string;
  after: string;
  revision: string | null;
}

/** One file's derived hunks, for a caller that derived them elsewhere (the page's worker). */
export interface SessionFileHunks {
  path: string;
  revision: string | null;
  hunks: readonly SuggestionHunk[];
}

/** What the suggestions are made with: the reviewer's one line, and when. */
export interface DerivedSetWords {
  description: string;
  createdAt: string;
}

export type DerivedChange =
  | { kind: 'none' }
  | { kind: 'suggestion'; suggestion: Suggestion }
  | { kind: 'set'; set: FixSet; members: Suggestion[] };

export function deriveFixSet(
  files: readonly SessionFile[],
  words: DerivedSetWords,
  options?: DeriveSuggestionOptions,
): DerivedChange & { fallback: boolean } {
  let fallback = false;
  const derived = files.map((file): SessionFileHunks => {
    const result = deriveSuggestionHunks(file.before, file.after, options);
    fallback ||= result.fallback;
    return { path: file.path, revision: file.revision, hunks: result.hunks };
  });
  return { ...fixSetFromHunks(derived, words), fallback };
}

export function fixSetFromHunks(files: readonly SessionFileHunks[], words: DerivedSetWords): DerivedChange {
  const members = files.flatMap((file) => file.hunks.map((hunk) => suggestionFromHunk(file.path, file.revision, hunk, '', words.createdAt)));
  if (members.length === 0) return { kind: 'none' };
  if (members.length === 1) return { kind: 'suggestion', suggestion: { ...members[0]!, text: words.description } };
  return { kind: 'set', set: makeFixSet(members, words.description), members };
}

/** A derived hunk as the suggestion the page would make of it: new side, its id from its content. */
export function suggestionFromHunk(path: string, revision: string | null, hunk: SuggestionHunk, text: string, createdAt: string): Suggestion {
  const { startLine, endLine, originalCode, suggestedCode, deletion } = hunk;
  return {
    id: suggestionId({ path, side: 'new', startLine, endLine, originalCode, suggestedCode, deletion }),
    kind: 'suggestion',
    scope: 'line',
    path,
    side: 'new',
    startLine,
    endLine,
    text,
    originalCode,
    suggestedCode,
    deletion,
    revision,
    createdAt,
  };
}
