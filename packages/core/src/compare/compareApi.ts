/**
 * The compare session's part of the HTTP contract (`redline compare`,
 * docs/cli.md#compare-several-attempts), routed in `model/api.ts`.
 */
import type { Finding } from '../proposals/proposalTypes.js';
import type { Tour } from '../tour/tourTypes.js';
import type { VariantPick } from './pickedText.js';
import type { OverviewRow, VariantFileFact } from './variantOverview.js';

export interface CompareVariantData {
  /** A, B, C… in the order given on the command line. */
  id: string;
  /** The branch or folder name, or the reviewer's name for it. */
  name: string;
  /** Where the variant was read: a worktree (with its uncommitted work), a branch or a commit. */
  source: 'worktree' | 'branch' | 'commit';
  /** The worktree's path, or the branch or revision as given. */
  where: string;
  /** Each file it changed, with its section of the unified diff against the base (git's, 3 lines of context). */
  files: CompareFileData[];
  /** The reviewer's word on it and comments on its lines, kept apart from every other variant's. */
  notes: VariantNotes;
  /** What its own agent posted about it (`redline annotate --variant ID`), shown in its column. */
  findings: Finding[];
  /** Its own agent's tour of its attempt (`redline annotate --variant ID` with a tour; a new one replaces it), or none. */
  tour: Tour | null;
}

/** What becomes of a variant: kept, discarded, or not said yet. */
export type VariantVerdict = 'keep' | 'discard' | 'undecided';

/** A comment on one line of a variant's diff against the base: its file (the variant's path), the side and line, the line's text then, and the words. */
export interface VariantComment {
  path: string;
  side: 'old' | 'new';
  line: number;
  code: string;
  text: string;
}

export interface VariantNotes {
  verdict: VariantVerdict;
  comments: VariantComment[];
}

/** PUT: one variant's notes, whole. */
export interface CompareNotesBody {
  variant: string;
  notes: VariantNotes;
}

export interface CompareFileData extends VariantFileFact {
  section: string;
}

/** One file of one variant against another's, as a unified diff section ('' when they are the same). */
export interface CompareAgainstData {
  patch: string;
}

export interface CompareData {
  base: { commit: string; short: string };
  variants: CompareVariantData[];
  /** The overview: every file any variant touched, `touched` in the order of `variants`. */
  rows: OverviewRow[];
  /** Where "Apply picks" writes: a worktree with no uncommitted changes; null when none was named and the first variant has none. */
  target: { path: string; name: string } | null;
  /** The reviewer's picks so far. */
  picks: VariantPick[];
}

/** PUT: the variants' shown names, by id (a name not given is kept). */
export interface CompareNamesBody {
  names: Record<string, string>;
}

/** PUT: every pick, each `{ kind: 'file', path, variant }` or `{ kind: 'hunk', path, variant, hunk }`; `path` is an overview row's key. */
export interface ComparePicksBody {
  picks: VariantPick[];
}

/** What applying the picks did: one change (a fix set's id, or a lone suggestion's) written to the target's files, all or nothing. */
export interface CompareApplyResult {
  target: string;
  change: { kind: 'set' | 'suggestion'; id: string } | null;
  written: string[];
}
