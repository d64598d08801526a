/**
 * The one open comment or suggestion form, and the gutter selection it is
 * opened on. The rules a form must meet are composerToAnnotation's.
 */
import type { SelectedLineRange } from '@pierre/diffs';
import type { Annotation, CommentLabel, Side } from '@redline/core';
import type { ReviewSliceCreator } from '../app/reviewStore.js';
import { composerToAnnotation, type SubmitOptions } from './composerToAnnotation.js';
import { composerHasWork } from './unsentComposer.js';

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
  /** The Conventional Comments label the reviewer picked (LabelPicker.tsx), or null for none. */
  label: CommentLabel | null;
  /** A problem to show under the form, or a question to answer. */
  error: string | null;
  /** An empty suggestion asks whether it deletes the lines or leaves an empty line. */
  askEmptySuggestion: boolean;
}

/** A form to open: a comment on any target, or a suggestion on new-side lines with the lines it replaces. */
export type OpenComposerInput = OpenCommentInput | OpenSuggestionInput;

interface OpenFormCommon {
  /** What the form starts with ('' when absent). */
  text?: string;
  /** The annotation the form edits (absent or null: a new one). */
  editingId?: string | null;
  /** The label it starts with (absent or null: none). */
  label?: CommentLabel | null;
}

export interface OpenCommentInput extends OpenFormCommon {
  kind: 'comment';
  target: ComposerTarget;
  highlightedText?: string;
  approximate?: boolean;
}

export interface OpenSuggestionInput extends OpenFormCommon {
  kind: 'suggestion';
  target: LineTarget;
  originalCode: string;
  /** The replacement so far (the original code when absent). */
  suggestedCode?: string;
  deletion?: boolean;
  revision?: string;
}

export type LineTarget = Extract<ComposerTarget, { scope: 'line' }>;

export interface ComposerSlice {
  composer: Composer | null;
  /**
   * The last form closed with work in it (Esc, Cancel): kept in the draft,
   * opened again by its toast's Undo or by a new form on the same lines.
   */
  keptComposer: Composer | null;
  selection: LineSelection | null;
  setSelection(selection: LineSelection | null): void;
  openComposer(input: OpenComposerInput): boolean;
  updateComposer(patch: Partial<Pick<Composer, 'text' | 'suggestedCode' | 'deletion' | 'label' | 'error' | 'askEmptySuggestion'>>): void;
  /** Closes the form; one with work in it is kept (keptComposer) and its toast offers Undo. */
  closeComposer(): void;
  /** The Undo of a closed form's toast: opens it again as it was. */
  reopenClosedComposer(toastId: number): void;
  /** Turns the open form into an annotation; returns it, or null when the form needs attention. */
  submitComposer(options?: SubmitOptions): Annotation | null;
  /** Opens the form to edit an existing annotation in place. */
  editAnnotation(id: string): boolean;
}

let nextComposerKey = 1;

export const createComposerSlice: ReviewSliceCreator<ComposerSlice> = (set, get) => ({
  composer: null,
  keptComposer: null,
  selection: null,
  setSelection(selection) {
    set({ selection });
  },
  openComposer(input) {
    const current = get().composer;
    if (current && composerHasWork(current) && !sameTarget(current.target, input.target)) {
      get().showToast('Finish or cancel the open comment first.');
      return false;
    }
    const kept = get().keptComposer;
    if (kept && !input.editingId && !input.text && sameTarget(kept.target, input.target) && kept.kind === input.kind) {
      set({ composer: { ...kept, key: nextComposerKey++, error: null }, keptComposer: null });
      return true;
    }
    set({ composer: newComposer(input) });
    return true;
  },
  updateComposer(patch) {
    const composer = get().composer;
    if (composer) set({ composer: { ...composer, ...patch } });
  },
  closeComposer() {
    const c = get().composer;
    if (!c || !composerHasWork(c)) return set({ composer: null });
    set({ composer: null, keptComposer: c });
    const what = c.kind === 'suggestion' ? 'Suggestion' : 'Comment';
    get().pushToast({ message: `${what} closed, kept as a draft`, undo: { kind: 'reopen', composer: c } });
  },
  reopenClosedComposer(toastId) {
    const toast = get().toasts.find((t) => t.id === toastId);
    get().dismissToast(toastId);
    if (toast?.undo?.kind !== 'reopen') return;
    const c = toast.undo.composer;
    const open = get().composer;
    if (open && composerHasWork(open)) return get().showToast('Finish or cancel the open comment first.');
    set((s) => ({ composer: { ...c, key: nextComposerKey++ }, keptComposer: s.keptComposer === c ? null : s.keptComposer }));
  },
  submitComposer(options = {}) {
    const s = get();
    const c = s.composer;
    if (!c) return null;
    const editing = c.editingId ? s.annotations.find((a) => a.id === c.editingId) : undefined;
    const pathOf = (fileId: string) => s.fileById.get(fileId)?.path ?? fileId;
    const outcome = composerToAnnotation(c, { pathOf, editing }, options);
    if ('error' in outcome) {
      set({ composer: { ...c, error: outcome.error, ...(outcome.askEmptySuggestion ? { askEmptySuggestion: true } : {}) } });
      return null;
    }
    if (editing) s.updateAnnotation(editing.id, outcome.annotation);
    else s.addAnnotation(outcome.annotation);
    set({ composer: null, selection: null });
    return outcome.annotation;
  },
  editAnnotation(id) {
    const a = get().annotations.find((x) => x.id === id);
    return a ? get().openComposer(editInput(a)) : false;
  },
});

export function newComposer(input: OpenComposerInput): Composer {
  const common = { key: nextComposerKey++, target: input.target, text: input.text ?? '', editingId: input.editingId ?? null, label: input.label ?? null, error: null, askEmptySuggestion: false };
  if (input.kind === 'comment') {
    return {
      ...common,
      kind: 'comment',
      originalCode: '',
      suggestedCode: '',
      deletion: false,
      ...(input.highlightedText !== undefined ? { highlightedText: input.highlightedText } : {}),
      ...(input.approximate ? { approximate: true } : {}),
    };
  }
  return {
    ...common,
    kind: 'suggestion',
    originalCode: input.originalCode,
    suggestedCode: input.suggestedCode ?? input.originalCode,
    deletion: input.deletion ?? false,
    ...(input.revision ? { revision: input.revision } : {}),
  };
}

/** The form that edits `a` in place. */
function editInput(a: Annotation): OpenComposerInput {
  const label = a.label ?? null;
  if (a.kind === 'comment') return { kind: 'comment', target: annotationTarget(a), text: a.text, editingId: a.id, label };
  return {
    kind: 'suggestion',
    target: { scope: 'line', fileId: a.path, side: 'new', startLine: a.startLine, endLine: a.endLine },
    text: a.text,
    originalCode: a.originalCode,
    suggestedCode: a.suggestedCode,
    deletion: a.deletion,
    ...(a.revision ? { revision: a.revision } : {}),
    editingId: a.id,
    label,
  };
}

/** Where the form editing `a` is anchored (file ids are paths). */
function annotationTarget(a: Annotation): ComposerTarget {
  if (a.scope === 'general') return { scope: 'general' };
  if (a.scope === 'file') return { scope: 'file', fileId: a.path };
  return { scope: 'line', fileId: a.path, side: a.side ?? 'new', startLine: a.startLine ?? 1, endLine: a.endLine ?? a.startLine ?? 1 };
}

function sameTarget(a: ComposerTarget, b: ComposerTarget): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The annotation target for a gutter selection (either side; a mixed range anchors to its end side). */
export function selectionToTarget(selection: LineSelection): LineTarget {
  const { range } = selection;
  const endSide = range.endSide ?? range.side;
  const side: Side = (endSide ?? range.side) === 'deletions' ? 'old' : 'new';
  const sameSide = (range.side ?? endSide) === endSide;
  const startLine = sameSide ? Math.min(range.start, range.end) : range.end;
  const endLine = sameSide ? Math.max(range.start, range.end) : range.end;
  return { scope: 'line', fileId: selection.fileId, side, startLine, endLine };
}
