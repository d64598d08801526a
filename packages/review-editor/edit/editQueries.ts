/**
 * Pure reads of the edit state: what the diff view, the header, the comment
 * form and the unload guard ask of the session. No DOM, no adapter: the
 * live text, where needed, is passed in by the shell.
 */
import type { FileDiffMetadata } from '@pierre/diffs';
import { mapSelectionAnchor, toLines, type DeriveSuggestionOptions, type ReviewData } from '@redline/core';
import type { ComposerTarget, ItemEditView, ReviewFile } from '../src/editHost.js';
import { staticEditRefusal } from './editRefusals.js';
import type { EditFeatureState, EditSession, EditingSession, OpenComposer } from './editSession.js';

/** The session's file `fileId`, or null when it is not in the session. */
export function sessionFor(state: EditFeatureState, fileId: string): EditSession | null {
  return state.files.find((s) => s.fileId === fileId) ?? null;
}

/** The session's file of id `id` (its late answers carry it), or null once it left the session. */
export function sessionById(state: EditFeatureState, id: number): EditSession | null {
  return state.files.find((s) => s.id === id) ?? null;
}

/** The session's file whose editor has retention key `stateKey`, or null. */
export function sessionByStateKey(state: EditFeatureState, stateKey: string): EditSession | null {
  return state.files.find((s) => s.stateKey === stateKey) ?? null;
}

/** Bounded work on the main thread: a costlier diff falls back (coarser, never wrong). */
export const INTERACTIVE_DIFF: DeriveSuggestionOptions = { timeoutMs: 40 };

/** What a comment target becomes when it was picked on the edited text. */
export interface MappedCommentTarget {
  target: Extract<ComposerTarget, { scope: 'line' }>;
  highlightedText?: string;
  approximate?: boolean;
}

/** Why `file` cannot be edited now (known from the review, or learned on this very file object), or null. */
export function refusalFor(state: EditFeatureState, file: ReviewFile, review: Pick<ReviewData, 'patchOnly' | 'ignoreWhitespace'> | null): string | null {
  const learned = state.refusals.get(file.id);
  return staticEditRefusal(file, review) ?? (learned && learned.file === file ? learned.reason : null);
}

/**
 * How the items builder shows a file: the hydrated diff, in edit mode or
 * not. The HUD's strip (`banner`) is there from the Edit click on, so the
 * lines do not move when the editor arrives.
 */
export function itemView(state: EditFeatureState, file: ReviewFile): ItemEditView | null {
  const session = sessionFor(state, file.id);
  const kept = state.hydrated.get(file.id);
  const keptDiff = kept && kept.file === file ? kept.fileDiff : null;
  if (session && session.file === file) {
    if (session.phase === 'editing' || session.phase === 'preparing') return { fileDiff: session.fileDiff, editing: session.phase === 'editing', banner: true };
    if (session.phase === 'loading') return { fileDiff: keptDiff ?? file.fileDiff, editing: false, banner: true };
  }
  return keptDiff ? { fileDiff: keptDiff, editing: false, banner: false } : null;
}

/** Whether the session's file is getting ready for input: it shows so, and takes no clicks or keys. */
export function isGettingReady(session: EditSession | null): boolean {
  return session !== null && (session.phase === 'loading' || session.phase === 'preparing' || (session.phase === 'editing' && session.caret === 'placing'));
}

/** CodeView's getEditStateKey: a key only for the item of a session file that has an editor. */
export function editStateKey(state: EditFeatureState, itemId: string): string | undefined {
  const session = sessionFor(state, itemId);
  return session && (session.phase === 'editing' || session.phase === 'ending') ? session.stateKey : undefined;
}

/** Whether `text` differs from the pre-edit text (line endings and BOM aside). */
export function isDirty(preEdit: string, text: string | null): boolean {
  if (text === null || text === preEdit) return false;
  const a = toLines(preEdit);
  const b = toLines(text);
  return a.length !== b.length || a.some((line, i) => line !== b[i]);
}

/** Whether the session has edits that are not suggestions yet (for the unload guard). */
export function hasUnsavedEdits(session: EditSession | null, text: string | null): boolean {
  return !!session && (session.phase === 'editing' || session.phase === 'ending') && isDirty(session.preEdit, text);
}

/** The session's file being edited that `target` is on (the comment targets it maps). */
export function editingSessionFor(state: EditFeatureState, target: ComposerTarget): EditingSession | null {
  if (target.scope === 'general') return null;
  const session = sessionFor(state, target.fileId);
  return session?.phase === 'editing' ? session : null;
}

/**
 * Gutter clicks and line selections on the file being edited are in the
 * EDITED text's lines; annotations anchor to the pre-edit text. Maps the
 * target like "Make annotation" does (approximate where it touches edits).
 */
export function mapCommentTarget(editing: EditSession | null, target: ComposerTarget, text: string | null): MappedCommentTarget | null {
  if (editing?.phase !== 'editing' || target.scope === 'general' || target.fileId !== editing.fileId) return null;
  if (target.scope !== 'line' || target.side !== 'new' || text === null || text === editing.preEdit) return null;
  const anchor = mapSelectionAnchor(editing.preEdit, text, { startLine: target.startLine, endLine: target.endLine }, INTERACTIVE_DIFF);
  const mapped: MappedCommentTarget = { target: { ...target, startLine: anchor.startLine, endLine: anchor.endLine } };
  if (!anchor.exact) {
    mapped.approximate = true;
    mapped.highlightedText = toLines(text)
      .slice(Math.min(target.startLine, target.endLine) - 1, Math.max(target.startLine, target.endLine))
      .join('\n');
  }
  return mapped;
}

/** Whether the open comment form is one this session opened (shown floating, outside the frozen item). */
export function isFloatingComposer(session: EditSession | null, composer: OpenComposer | null, key: number | undefined): boolean {
  if (session?.phase !== 'editing' || key === undefined) return false;
  if (!composer || composer.key !== key || composer.editingId !== null || composer.target.scope === 'general') return false;
  return composer.target.fileId === session.fileId && key !== session.frozenComposerKey;
}

/** The new-side line of the diff's first change (where the caret starts). */
export function firstChangedLine(fileDiff: FileDiffMetadata): number {
  for (const hunk of fileDiff.hunks) {
    let line = hunk.additionStart;
    for (const content of hunk.hunkContent) {
      if (content.type === 'context') line += content.lines;
      else return Math.max(1, line);
    }
  }
  return 1;
}

/** Whether `itemView` may answer differently in `next` than in `prev` (the diff view's items depend on it). */
export function viewChanged(prev: EditFeatureState, next: EditFeatureState): boolean {
  if (next.hydrated !== prev.hydrated || next.files.length !== prev.files.length) return true;
  const diffOf = (s: EditSession) => (s.phase !== 'loading' ? s.fileDiff : null);
  return next.files.some((a, i) => {
    const b = prev.files[i]!;
    return a.id !== b.id || a.phase !== b.phase || diffOf(a) !== diffOf(b) || a.file !== b.file;
  });
}
