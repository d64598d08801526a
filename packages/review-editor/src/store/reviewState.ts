/** The shape of the review store's state (actions are in reviewStore.ts). */
import type { SelectedLineRange } from '@pierre/diffs';
import type { Annotation, ReviewData, Side, Verdict } from '@redline/core';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import type { SearchHit } from '../search/searchDiff.js';
import type { Settings } from '../settings/settings.js';

export type Phase = 'loading' | 'ready' | 'failed' | 'sent' | 'closed';

export type DialogName = 'feedback' | 'settings' | 'shortcuts' | 'close';

/** Lines picked in the gutter, as CodeView reports them. */
export interface LineSelection {
  fileId: string;
  range: SelectedLineRange;
}

/** Where a comment or suggestion being written will be anchored. */
export type ComposerTarget =
  | { scope: 'general' }
  | { scope: 'file'; fileId: string }
  | { scope: 'line'; fileId: string; side: Side; startLine: number; endLine: number };

/** The one open comment or suggestion form. */
export interface Composer {
  /** Changes whenever a new form opens (focus and remount key). */
  key: number;
  kind: 'comment' | 'suggestion';
  target: ComposerTarget;
  text: string;
  /** Suggestions: the lines being replaced, LF-joined. */
  originalCode: string;
  suggestedCode: string;
  /** Suggestions: the reviewer chose "Delete these lines". */
  deletion: boolean;
  /** Suggestions: sha256 of the new side the original code was read from. */
  revision?: string;
  /** Comments made on an editor selection: the text that was selected (exported as "Highlighted text"). */
  highlightedText?: string;
  /** Comments made on edited lines: the anchor was mapped approximately to the pre-edit lines. */
  approximate?: boolean;
  /** The annotation being edited, or null for a new one. */
  editingId: string | null;
  /** A problem to show under the form, or a question to answer. */
  error: string | null;
  /** An empty suggestion asks whether it deletes the lines or leaves an empty line. */
  askEmptySuggestion: boolean;
}

export interface SearchState {
  open: boolean;
  query: string;
  hits: SearchHit[];
  truncated: boolean;
  /** Index of the current hit, -1 for none. */
  index: number;
  /** Bumped to ask the search box to take focus. */
  focusRequest: number;
}

export interface Toast {
  id: number;
  message: string;
  /** A deleted annotation that "Undo" puts back at its index. */
  undo?: { annotation: Annotation; index: number };
}

export type DraftStatus = 'idle' | 'pending' | 'saved' | 'failed';

export interface ReviewState {
  phase: Phase;
  /** Why loading failed, or why the last action failed, in one line. */
  error: string | null;
  review: ReviewData | null;
  files: ReviewFile[];
  fileById: ReadonlyMap<string, ReviewFile>;
  annotations: Annotation[];
  /** path -> viewed fingerprint. */
  viewed: Record<string, string>;
  verdict: Verdict;
  summary: string;
  settings: Settings;
  /** Explicit collapse choices per file id; otherwise the file's default applies. */
  collapsed: Record<string, boolean>;
  selection: LineSelection | null;
  composer: Composer | null;
  currentFileId: string | null;
  search: SearchState;
  /** The repository changed since the diff was read. */
  stale: boolean;
  /** A refresh or whitespace reload is in flight. */
  reloading: boolean;
  dialog: DialogName | null;
  toasts: Toast[];
  /** After sending: what the CLI printed for the agent. */
  sentOutput: string | null;
  draftStatus: DraftStatus;
  /** The reviewer confirmed sending overlapping suggestions as they are. */
  overlapsConfirmed: boolean;
}
