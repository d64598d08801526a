/**
 * The review store: one vanilla zustand store holding the review, the
 * reviewer's annotations and marks, settings, selection, search and dialogs.
 * Actions are plain functions on the state, testable without React; the
 * network lives in the controller (services/reviewController.ts).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Annotation, DraftData, ReviewData, Side, Verdict } from '@redline/core';
import { buildComment, buildSuggestion } from '../model/annotationOps.js';
import { parseReviewFiles } from '../model/parseReviewFiles.js';
import type { ReviewFile } from '../model/reviewFile.js';
import { searchDiff } from '../model/searchDiff.js';
import { keepValidViewed, viewedFingerprint } from '../model/viewedFingerprint.js';
import { DEFAULT_SETTINGS, type Settings } from '../settings/settings.js';
import type { Composer, ComposerTarget, DialogName, LineSelection, ReviewState, Toast } from './reviewState.js';

export interface OpenComposerInput {
  kind: 'comment' | 'suggestion';
  target: ComposerTarget;
  text?: string;
  originalCode?: string;
  suggestedCode?: string;
  deletion?: boolean;
  revision?: string;
  highlightedText?: string;
  approximate?: boolean;
  editingId?: string | null;
}

export interface ReviewActions {
  /** Installs a freshly loaded review, restoring a draft saved for the same diff. */
  loadReview(review: ReviewData, draft?: DraftData | null): void;
  /**
   * Restores a draft that arrived after the review was shown. Only while the
   * reviewer has done nothing yet (never overwrites their work); returns
   * whether it was applied.
   */
  restoreDraft(draft: DraftData): boolean;
  /**
   * Installs a re-read review (refresh or whitespace toggle), keeping the
   * reviewer's work: `annotations` are the re-anchored ones.
   */
  replaceReview(review: ReviewData, annotations: Annotation[], parsedFiles?: ReviewFile[]): void;
  failLoading(message: string): void;
  setError(message: string | null): void;

  addAnnotation(annotation: Annotation): void;
  updateAnnotation(id: string, annotation: Annotation): void;
  /** Deletes, with a toast that can undo it. */
  deleteAnnotation(id: string): void;
  undoDelete(toastId: number): void;
  dismissToast(toastId: number): void;
  showToast(message: string): void;

  openComposer(input: OpenComposerInput): boolean;
  updateComposer(patch: Partial<Pick<Composer, 'text' | 'suggestedCode' | 'deletion' | 'error' | 'askEmptySuggestion'>>): void;
  closeComposer(): void;
  /** Turns the open form into an annotation; returns it, or null when the form needs attention. */
  submitComposer(options?: { emptySuggestion?: 'delete' | 'empty-line' }): Annotation | null;
  /** Opens the form to edit an existing annotation in place. */
  editAnnotation(id: string): boolean;

  isViewed(fileId: string): boolean;
  setViewed(fileId: string, viewed: boolean): void;
  toggleViewed(fileId: string): void;
  isCollapsed(fileId: string): boolean;
  setCollapsed(fileId: string, collapsed: boolean): void;

  setVerdict(verdict: Verdict): void;
  setSummary(summary: string): void;
  setSettings(patch: Partial<Settings>): void;

  setSelection(selection: LineSelection | null): void;
  setCurrentFile(fileId: string | null): void;

  openSearch(): void;
  closeSearch(): void;
  setSearchQuery(query: string): void;
  /** Moves to the next (+1) or previous (-1) hit, wrapping around. */
  stepSearch(direction: 1 | -1): void;

  setStale(stale: boolean): void;
  setReloading(reloading: boolean): void;
  openDialog(dialog: DialogName): void;
  closeDialog(): void;
  setOverlapsConfirmed(confirmed: boolean): void;
  setDraftStatus(status: ReviewState['draftStatus']): void;
  markSent(output: string): void;
  markClosed(): void;
}

export type ReviewStoreState = ReviewState & ReviewActions;
export type ReviewStore = StoreApi<ReviewStoreState>;

export function initialReviewState(settings: Settings = DEFAULT_SETTINGS): ReviewState {
  return {
    phase: 'loading',
    error: null,
    review: null,
    files: [],
    fileById: new Map(),
    annotations: [],
    viewed: {},
    verdict: 'comment',
    summary: '',
    settings,
    collapsed: {},
    selection: null,
    composer: null,
    currentFileId: null,
    search: { open: false, query: '', hits: [], truncated: false, index: -1, focusRequest: 0 },
    stale: false,
    reloading: false,
    dialog: null,
    toasts: [],
    sentOutput: null,
    draftStatus: 'idle',
    overlapsConfirmed: false,
  };
}

let nextKey = 1;

export function createReviewStore(settings: Settings = DEFAULT_SETTINGS): ReviewStore {
  return createStore<ReviewStoreState>()((set, get) => {
    const filesState = (files: ReviewFile[]) => ({ files, fileById: new Map(files.map((f) => [f.id, f])) });
    const pushToast = (toast: Omit<Toast, 'id'>) => set((s) => ({ toasts: [...s.toasts, { ...toast, id: nextKey++ }] }));
    const annotationFileId = (a: Annotation) => (a.scope === 'general' ? null : a.path);

    return {
      ...initialReviewState(settings),

      loadReview(review, draft) {
        const files = parseReviewFiles(review);
        const restored = draft && draft.fingerprint === review.fingerprint ? draft : null;
        set({
          phase: 'ready',
          error: null,
          review,
          ...filesState(files),
          annotations: restored?.annotations ?? [],
          viewed: restored ? keepValidViewed(restored.viewed, files) : {},
          verdict: restored?.verdict ?? 'comment',
          summary: restored?.summary ?? '',
          collapsed: {},
          selection: null,
          composer: null,
          currentFileId: files[0]?.id ?? null,
          stale: false,
          overlapsConfirmed: false,
        });
        get().setSearchQuery(get().search.query);
      },

      restoreDraft(draft) {
        const s = get();
        if (!s.review || draft.fingerprint !== s.review.fingerprint) return false;
        const pristine = s.annotations.length === 0 && Object.keys(s.viewed).length === 0 && s.verdict === 'comment' && s.summary === '' && s.composer === null;
        if (!pristine) return false;
        set({
          annotations: draft.annotations,
          viewed: keepValidViewed(draft.viewed, s.files),
          verdict: draft.verdict ?? 'comment',
          summary: draft.summary ?? '',
        });
        return true;
      },

      replaceReview(review, annotations, parsedFiles) {
        const files = parsedFiles ?? parseReviewFiles(review);
        const ids = new Set(files.map((f) => f.id));
        const keepIds = <V>(record: Record<string, V>) =>
          Object.fromEntries(Object.entries(record).filter(([id]) => ids.has(id)));
        set((s) => ({
          review,
          ...filesState(files),
          annotations,
          viewed: keepValidViewed(s.viewed, files),
          collapsed: keepIds(s.collapsed),
          selection: null,
          composer: s.composer && composerStillValid(s.composer, ids) ? s.composer : null,
          currentFileId: s.currentFileId && ids.has(s.currentFileId) ? s.currentFileId : (files[0]?.id ?? null),
          stale: false,
          overlapsConfirmed: false,
        }));
        get().setSearchQuery(get().search.query);
      },

      failLoading(message) {
        set({ phase: 'failed', error: message });
      },
      setError(message) {
        set({ error: message });
      },

      addAnnotation(annotation) {
        set((s) => ({
          // Suggestions have content ids: the same suggestion twice is one.
          annotations: [...s.annotations.filter((a) => a.id !== annotation.id), annotation],
          overlapsConfirmed: false,
        }));
      },
      updateAnnotation(id, annotation) {
        set((s) => ({
          annotations: s.annotations.flatMap((a) => (a.id === id ? [annotation] : a.id === annotation.id ? [] : [a])),
          overlapsConfirmed: false,
        }));
      },
      deleteAnnotation(id) {
        const s = get();
        const index = s.annotations.findIndex((a) => a.id === id);
        if (index < 0) return;
        const annotation = s.annotations[index]!;
        set({
          annotations: s.annotations.filter((a) => a.id !== id),
          composer: s.composer?.editingId === id ? null : s.composer,
        });
        pushToast({ message: annotation.kind === 'suggestion' ? 'Suggestion deleted' : 'Comment deleted', undo: { annotation, index } });
      },
      undoDelete(toastId) {
        const toast = get().toasts.find((t) => t.id === toastId);
        set((s) => ({ toasts: s.toasts.filter((t) => t.id !== toastId) }));
        if (!toast?.undo) return;
        const { annotation, index } = toast.undo;
        set((s) => {
          const rest = s.annotations.filter((a) => a.id !== annotation.id);
          return { annotations: [...rest.slice(0, index), annotation, ...rest.slice(index)] };
        });
      },
      dismissToast(toastId) {
        set((s) => ({ toasts: s.toasts.filter((t) => t.id !== toastId) }));
      },
      showToast(message) {
        pushToast({ message });
      },

      openComposer(input) {
        const current = get().composer;
        if (current && composerHasWork(current) && !sameTarget(current.target, input.target)) {
          pushToast({ message: 'Finish or cancel the open comment first.' });
          return false;
        }
        const composer: Composer = {
          key: nextKey++,
          kind: input.kind,
          target: input.target,
          text: input.text ?? '',
          originalCode: input.originalCode ?? '',
          suggestedCode: input.suggestedCode ?? input.originalCode ?? '',
          deletion: input.deletion ?? false,
          ...(input.revision ? { revision: input.revision } : {}),
          ...(input.highlightedText !== undefined ? { highlightedText: input.highlightedText } : {}),
          ...(input.approximate ? { approximate: true } : {}),
          editingId: input.editingId ?? null,
          error: null,
          askEmptySuggestion: false,
        };
        set({ composer });
        return true;
      },
      updateComposer(patch) {
        const composer = get().composer;
        if (composer) set({ composer: { ...composer, ...patch } });
      },
      closeComposer() {
        set({ composer: null });
      },
      submitComposer(options = {}) {
        const s = get();
        const c = s.composer;
        if (!c) return null;
        const fail = (error: string, extra: Partial<Composer> = {}) => {
          set({ composer: { ...c, error, ...extra } });
          return null;
        };
        const editing = c.editingId ? s.annotations.find((a) => a.id === c.editingId) : undefined;
        let annotation: Annotation;
        if (c.kind === 'comment') {
          if (c.text.trim() === '') return fail('Write a comment first.');
          const base =
            c.target.scope === 'line'
              ? buildComment({
                  scope: 'line',
                  path: pathOf(s, c.target.fileId),
                  side: c.target.side,
                  startLine: c.target.startLine,
                  endLine: c.target.endLine,
                  text: c.text,
                  ...(c.highlightedText !== undefined ? { highlightedText: c.highlightedText } : {}),
                  ...(c.approximate ? { approximate: true } : {}),
                })
              : c.target.scope === 'file'
                ? buildComment({ scope: 'file', path: pathOf(s, c.target.fileId), text: c.text })
                : buildComment({ scope: 'general', path: '', text: c.text });
          annotation = editing ? { ...editing, text: c.text } : base;
        } else {
          if (c.target.scope !== 'line') return fail('A suggestion needs lines.');
          let deletion = c.deletion;
          if (!deletion && c.suggestedCode === '') {
            if (options.emptySuggestion === 'delete') deletion = true;
            else if (options.emptySuggestion !== 'empty-line')
              return fail('The suggestion is empty: delete these lines, or replace them with one empty line?', { askEmptySuggestion: true });
          }
          if (!deletion && c.suggestedCode === c.originalCode && c.text.trim() === '')
            return fail('The suggested code is the same as the original.');
          annotation = buildSuggestion({
            path: pathOf(s, c.target.fileId),
            startLine: c.target.startLine,
            endLine: c.target.endLine,
            originalCode: c.originalCode,
            suggestedCode: c.suggestedCode,
            deletion,
            text: c.text,
            ...(c.revision ? { revision: c.revision } : {}),
          });
          if (editing) annotation = { ...annotation, createdAt: editing.createdAt };
        }
        if (editing) get().updateAnnotation(editing.id, annotation);
        else get().addAnnotation(annotation);
        set({ composer: null, selection: null });
        return annotation;
      },
      editAnnotation(id) {
        const s = get();
        const a = s.annotations.find((x) => x.id === id);
        if (!a) return false;
        const fileId = annotationFileId(a);
        const target: ComposerTarget =
          a.scope === 'general' || fileId === null
            ? { scope: 'general' }
            : a.scope === 'file'
              ? { scope: 'file', fileId }
              : { scope: 'line', fileId, side: a.side ?? 'new', startLine: a.startLine ?? 1, endLine: a.endLine ?? a.startLine ?? 1 };
        return get().openComposer({
          kind: a.kind,
          target,
          text: a.text,
          originalCode: a.kind === 'suggestion' ? a.originalCode : '',
          suggestedCode: a.kind === 'suggestion' ? a.suggestedCode : '',
          deletion: a.kind === 'suggestion' && a.deletion,
          ...(a.kind === 'suggestion' && a.revision ? { revision: a.revision } : {}),
          editingId: a.id,
        });
      },

      isViewed(fileId) {
        const s = get();
        const file = s.fileById.get(fileId);
        // Hash only files that carry a mark: most do not, and hashing every
        // patch section of a 2,000-file review costs a second.
        const mark = file ? s.viewed[file.path] : undefined;
        return mark !== undefined && mark === viewedFingerprint(file!);
      },
      setViewed(fileId, viewed) {
        const s = get();
        const file = s.fileById.get(fileId);
        if (!file) return;
        const next = { ...s.viewed };
        if (viewed) next[file.path] = viewedFingerprint(file);
        else delete next[file.path];
        // Like GitHub: a viewed file folds away, unmarking unfolds it.
        set({ viewed: next, collapsed: { ...s.collapsed, [fileId]: viewed } });
      },
      toggleViewed(fileId) {
        get().setViewed(fileId, !get().isViewed(fileId));
      },
      isCollapsed(fileId) {
        const s = get();
        const explicit = s.collapsed[fileId];
        if (explicit !== undefined) return explicit;
        const file = s.fileById.get(fileId);
        return !!file && (file.generated || file.large || get().isViewed(fileId));
      },
      setCollapsed(fileId, collapsed) {
        set((s) => ({ collapsed: { ...s.collapsed, [fileId]: collapsed } }));
      },

      setVerdict(verdict) {
        set({ verdict });
      },
      setSummary(summary) {
        set({ summary });
      },
      setSettings(patch) {
        set((s) => ({ settings: { ...s.settings, ...patch } }));
      },

      setSelection(selection) {
        set({ selection });
      },
      setCurrentFile(fileId) {
        if (get().currentFileId !== fileId) set({ currentFileId: fileId });
      },

      openSearch() {
        set((s) => ({ search: { ...s.search, open: true, focusRequest: s.search.focusRequest + 1 } }));
      },
      closeSearch() {
        set((s) => ({ search: { ...s.search, open: false } }));
      },
      setSearchQuery(query) {
        const { hits, truncated } = searchDiff(get().files, query);
        set((s) => ({ search: { ...s.search, query, hits, truncated, index: hits.length > 0 ? 0 : -1 } }));
      },
      stepSearch(direction) {
        set((s) => {
          const n = s.search.hits.length;
          if (n === 0) return {};
          const index = s.search.index < 0 ? 0 : (s.search.index + direction + n) % n;
          return { search: { ...s.search, index } };
        });
      },

      setStale(stale) {
        if (get().stale !== stale) set({ stale });
      },
      setReloading(reloading) {
        set({ reloading });
      },
      openDialog(dialog) {
        set({ dialog });
      },
      closeDialog() {
        set({ dialog: null });
      },
      setOverlapsConfirmed(confirmed) {
        set({ overlapsConfirmed: confirmed });
      },
      setDraftStatus(draftStatus) {
        if (get().draftStatus !== draftStatus) set({ draftStatus });
      },
      markSent(output) {
        set({ phase: 'sent', sentOutput: output, dialog: null });
      },
      markClosed() {
        set({ phase: 'closed', dialog: null });
      },
    };
  });
}

function pathOf(s: ReviewState, fileId: string): string {
  return s.fileById.get(fileId)?.path ?? fileId;
}

function composerHasWork(c: Composer): boolean {
  if (c.text.trim() !== '') return true;
  return c.kind === 'suggestion' && (c.suggestedCode !== c.originalCode || c.deletion);
}

function composerStillValid(c: Composer, fileIds: ReadonlySet<string>): boolean {
  return c.target.scope === 'general' || fileIds.has(c.target.fileId);
}

function sameTarget(a: ComposerTarget, b: ComposerTarget): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The annotation target for a gutter selection (either side; a mixed range anchors to its end side). */
export function selectionToTarget(selection: LineSelection): Extract<ComposerTarget, { scope: 'line' }> {
  const { range } = selection;
  const endSide = range.endSide ?? range.side;
  const side: Side = (endSide ?? range.side) === 'deletions' ? 'old' : 'new';
  const sameSide = (range.side ?? endSide) === endSide;
  const startLine = sameSide ? Math.min(range.start, range.end) : range.end;
  const endLine = sameSide ? Math.max(range.start, range.end) : range.end;
  return { scope: 'line', fileId: selection.fileId, side, startLine, endLine };
}
