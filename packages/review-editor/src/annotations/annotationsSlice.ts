/** The reviewer's comments and suggestions, with "Undo" after a delete. */
import type { Annotation } from '@redline/core';
import type { ReviewSliceCreator } from '../app/reviewStore.js';
import type { SliceResets } from '../reviewLoading/sliceResets.js';

export interface AnnotationsSlice {
  annotations: Annotation[];
  addAnnotation(annotation: Annotation): void;
  updateAnnotation(id: string, annotation: Annotation): void;
  /** Deletes, with a toast that can undo it. */
  deleteAnnotation(id: string): void;
  undoDelete(toastId: number): void;
}

export const createAnnotationsSlice: ReviewSliceCreator<AnnotationsSlice> = (set, get) => ({
  annotations: [],
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
    s.pushToast({ message: annotation.kind === 'suggestion' ? 'Suggestion deleted' : 'Comment deleted', undo: { kind: 'delete', annotation, index } });
  },
  undoDelete(toastId) {
    const toast = get().toasts.find((t) => t.id === toastId);
    get().dismissToast(toastId);
    if (toast?.undo?.kind !== 'delete') return;
    const { annotation, index } = toast.undo;
    set((s) => {
      const rest = s.annotations.filter((a) => a.id !== annotation.id);
      return { annotations: [...rest.slice(0, index), annotation, ...rest.slice(index)] };
    });
  },
});

export const annotationsResets: SliceResets<AnnotationsSlice> = {
  fromDraft: (draft) => ({ annotations: draft?.annotations ?? [] }),
  onLoad: () => ({}),
  onReread: (_s, reread) => ({ annotations: reread.annotations }),
};
