/**
 * The edit feature's state: one session, which may take in several files
 * (Edit on another file adds it). Each file of the session has its own
 * phase, a discriminated union, so what a phase knows is required by its
 * type (a loading file has no diff yet; only an ending one has an end
 * reason); its own editor, net change and recovery. Suggest and Discard end
 * every file at once, and Suggest's suggestions from all of them become one
 * fix set (several) or a plain suggestion (one).
 *
 *   Edit click ─▶ loading: the adapter (and Pierre's editor) is imported,
 *                 the file's contents fetched, the hydration gate passed,
 *                 and the hydrated diff highlighted by the workers
 *              ─▶ preparing: the item shows the hydrated diff, its tokens
 *                 taken from the workers' cache (for two frames)
 *              ─▶ editing: the item is published with `edit: true`; the
 *                 editor keeps that highlighted render (instead of
 *                 re-highlighting the whole file on the main thread);
 *                 the caret is 'placing' until the editor is attached and
 *                 focused where the reviewer aimed, then 'placed'
 *
 * From the Edit click until the caret is placed the file is "getting
 * ready" (isGettingReady): the HUD says so, and the file takes no clicks
 * and no keys (a click is remembered as the line to put the caret on).
 * Before this gate, a click 0.5–2.5 s after Edit
 * was undone by the editor's late focus, and the text went to line 1.
 *              ─▶ ending: the item is published with `edit: false` (a new
 *                 version); CodeView calls onItemEditComplete, which always
 *                 answers 'reject' (the diff returns to pristine) after
 *                 taking the final text, which becomes suggestions
 *                 (Suggest), nothing (Discard), or a question (recovery).
 *
 * The edited text itself never lives here: only in the editor and, at the
 * end, in the suggestions. editTransition.ts moves this state; the shell
 * (editShell.ts) holds it.
 */
import type { FileDiffMetadata } from '@pierre/diffs';
import type { Suggestion } from '@redline/core';
import type { Composer, ReviewFile } from '../src/editHost.js';

export type EndReason = 'suggest' | 'discard' | 'recover';

interface SessionBase {
  id: number;
  fileId: string;
  path: string;
  /** The ReviewFile the session was opened on; a refresh replaces it. */
  file: ReviewFile;
  /** CodeView's retention key for this session's draft (unique per session). */
  stateKey: string;
  /** The new-side line the reviewer clicked while the file was getting ready (where the caret goes), or null. */
  aimedLine: number | null;
}

/** What the hydration gate made of the file: the diff the editor works on. */
export interface OpenedFile {
  /** The hydrated diff (its plain-text form for a big file). */
  fileDiff: FileDiffMetadata;
  /** The new side as served when the session started. */
  preEdit: string;
  /** sha256 of those bytes. */
  revision: string;
  /** A file too big to highlight quickly: edited as plain text. */
  plainText: boolean;
}

interface OpenedSession extends SessionBase, OpenedFile {
  /** The HUD's change count: how many suggestions Suggest would make now. */
  changes: number;
  /** A comment form already open on the file when the session started (it stays in its slot). */
  frozenComposerKey: number | null;
  /**
   * The file changed on disk since the session opened it: its edits stay
   * against the text they were made on (their revision) and are marked
   * outdated, which apply refuses cleanly (a set with such a member, whole).
   */
  changedOnDisk: boolean;
}

export type LoadingSession = SessionBase & { phase: 'loading' };
export type PreparingSession = OpenedSession & { phase: 'preparing' };
/** Whether the editor has its caret where the reviewer aimed (until then the file takes no input). */
export type CaretState = 'placing' | 'placed';
export type EditingSession = OpenedSession & { phase: 'editing'; caret: CaretState };
export type EndingSession = OpenedSession & {
  phase: 'ending';
  ending: EndReason;
  /** The text read from the editor when the end was requested. */
  capturedText: string | null;
};
/** One file of the session (`id`: this file's own id within the session, for its late answers). */
export type EditSession = LoadingSession | PreparingSession | EditingSession | EndingSession;

/** What one file of the session came to: its suggestions, against the text it was edited on. */
export interface FileResult {
  id: number;
  path: string;
  suggestions: Suggestion[];
  /** The file changed on disk while it was edited. */
  changedOnDisk: boolean;
}

/** Suggest on the whole session: each file's suggestions are gathered until every file has answered. */
export interface SessionClosing {
  /** The file ids still to answer (ending, or deriving). */
  waiting: readonly number[];
  /** What has come in, in the session's file order. */
  results: readonly FileResult[];
}

/**
 * Recover: the view went away under the session, whose files' edits were
 * recovered (one question for all of them). Discard: Discard with edits in
 * several files asks first (`paths`: the files with edits).
 */
export type EditPrompt = { kind: 'recover'; results: readonly FileResult[] } | { kind: 'discard'; paths: readonly string[] };

/** Where the floating comment entry goes (the "Make annotation" button's position, viewport pixels). */
export interface ComposerAnchor {
  left: number;
  top: number;
  bottom: number;
}

export interface EditFeatureState {
  /** The files of the session, in the order they joined it (one entry a file); empty: no session. */
  files: readonly EditSession[];
  /** Suggest is gathering the files' suggestions (no file joins meanwhile). */
  closing: SessionClosing | null;
  prompt: EditPrompt | null;
  /** Reasons learned from the server or the hydration gate, for the file object they were learned on. */
  refusals: ReadonlyMap<string, { file: ReviewFile; reason: string }>;
  /** Diffs hydrated for a session, kept afterwards so the file's diff does not change back. */
  hydrated: ReadonlyMap<string, { file: ReviewFile; fileDiff: FileDiffMetadata }>;
  composerAnchor: ComposerAnchor | null;
  /** The last session id handed out: a late answer for an older session is recognised by its id. */
  lastSessionId: number;
  /** Changes whenever itemView may answer differently (the diff view's snapshot); the HUD's count does not move it. */
  viewRevision: number;
}

/** The part of the page's open comment form the session looks at. */
export type OpenComposer = Pick<Composer, 'key' | 'target' | 'editingId'>;

export const INITIAL_EDIT_STATE: EditFeatureState = {
  files: [],
  closing: null,
  prompt: null,
  refusals: new Map(),
  hydrated: new Map(),
  composerAnchor: null,
  lastSessionId: 0,
  viewRevision: 0,
};
