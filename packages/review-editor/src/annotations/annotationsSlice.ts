/**
 * The reviewer's comments and suggestions, with "Undo" after a delete, and
 * the fix sets over the suggestions (docs/feedback-format.md, section 10): kept
 * true as suggestions change (`keepFixSets`: an edited member follows, a
 * deleted one leaves, a set of one dissolves), saved with the draft and sent;
 * made by an edit session's Suggest, combined, split and described by the
 * reviewer (the views: fixSets/).
 */
import { combineIntoSet, keepFixSets, oneLine, splitSet, type Annotation, type FixSet, type Suggestion } from '@redline/core';
import type { ReviewSliceCreator } from '../app/reviewStore.js';
import type { SliceResets } from '../reviewLoading/sliceResets.js';

export interface AnnotationsSlice {
  annotations: Annotation[];
  /** The fix sets over `annotations`' suggestions, each naming its members by id. */
  fixSets: FixSet[];
  /** Replaces the sets (made with the core's combineIntoSet and splitSet). */
  setFixSets(fixSets: FixSet[]): void;
  addAnnotation(annotation: Annotation): void;
  updateAnnotation(id: string, annotation: Annotation): void;
  /** Deletes, with a toast that can undo it. */
  deleteAnnotation(id: string): void;
  undoDelete(toastId: number): void;
  /** Adds `suggestions` as one fix set with `description` (an edit session's Suggest). */
  addSuggestionSet(suggestions: readonly Suggestion[], description: string): void;
  /** Combines suggestions and sets (by id, in this order) into one set; the problem in words when refused. */
  combineIntoSet(ids: readonly string[], description: string): { ok: true; setId: string } | { ok: false; problem: string };
  /** The set's members stay, as plain suggestions. */
  splitSet(setId: string): void;
  /** The set's one-line description. */
  describeSet(setId: string, description: string): void;
}

export const createAnnotationsSlice: ReviewSliceCreator<AnnotationsSlice> = (set, get) => ({
  annotations: [],
  fixSets: [],
  setFixSets(fixSets) {
    set((s) => ({ fixSets: keepFixSets(fixSets, s.annotations) }));
  },
  addAnnotation(annotation) {
    set((s) => ({
      // Suggestions have content ids: the same suggestion twice is one.
      annotations: [...s.annotations.filter((a) => a.id !== annotation.id), annotation],
      overlapsConfirmed: false,
    }));
  },
  updateAnnotation(id, annotation) {
    set((s) => {
      const annotations = s.annotations.flatMap((a) => (a.id === id ? [annotation] : a.id === annotation.id ? [] : [a]));
      return { annotations, fixSets: keepFixSets(s.fixSets, annotations, new Map([[id, annotation.id]])), overlapsConfirmed: false };
    });
  },
  deleteAnnotation(id) {
    const s = get();
    const index = s.annotations.findIndex((a) => a.id === id);
    if (index < 0) return;
    const annotation = s.annotations[index]!;
    const annotations = s.annotations.filter((a) => a.id !== id);
    set({
      annotations,
      fixSets: keepFixSets(s.fixSets, annotations),
      composer: s.composer?.editingId === id ? null : s.composer,
    });
    s.pushToast({ message: annotation.kind === 'suggestion' ? 'Suggestion deleted' : 'Comment deleted', undo: { kind: 'delete', annotation, index, fixSets: s.fixSets } });
  },
  undoDelete(toastId) {
    const toast = get().toasts.find((t) => t.id === toastId);
    get().dismissToast(toastId);
    if (toast?.undo?.kind !== 'delete') return;
    const { annotation, index, fixSets } = toast.undo;
    set((s) => {
      const rest = s.annotations.filter((a) => a.id !== annotation.id);
      const annotations = [...rest.slice(0, index), annotation, ...rest.slice(index)];
      // Back in the set it was in, unless the sets changed since the delete (then they stay as they are now).
      const afterDelete = keepFixSets(fixSets, rest);
      const unchanged = afterDelete.length === s.fixSets.length && afterDelete.every((fixSet, i) => fixSet.id === s.fixSets[i]!.id);
      return { annotations, fixSets: unchanged ? keepFixSets(fixSets, annotations) : s.fixSets };
    });
  },
  addSuggestionSet(suggestions, description) {
    for (const suggestion of suggestions) get().addAnnotation(suggestion);
    get().combineIntoSet(
      suggestions.map((m) => m.id),
      description,
    );
  },
  combineIntoSet(ids, description) {
    const s = get();
    const result = combineIntoSet(s.annotations, s.fixSets, ids, description);
    if (!result.ok) return result;
    set({ fixSets: result.fixSets, overlapsConfirmed: false });
    return { ok: true, setId: result.set.id };
  },
  splitSet(setId) {
    set((s) => ({ fixSets: splitSet(s.fixSets, setId) }));
  },
  describeSet(setId, description) {
    set((s) => ({ fixSets: s.fixSets.map((fixSet) => (fixSet.id === setId ? { ...fixSet, description: oneLine(description) } : fixSet)) }));
  },
});

export const annotationsResets: SliceResets<AnnotationsSlice> = {
  fromDraft: (draft) => ({ annotations: draft?.annotations ?? [], fixSets: keepFixSets(draft?.fixSets ?? [], draft?.annotations ?? []) }),
  onLoad: () => ({}),
  onReread: (s, reread) => ({ annotations: reread.annotations, fixSets: keepFixSets(s.fixSets, reread.annotations) }),
};
