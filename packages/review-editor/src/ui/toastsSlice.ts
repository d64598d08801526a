/** Toasts: short messages at the bottom of the page, some with "Undo". */
import type { Annotation, FixSet } from '@redline/core';
import type { ReviewSliceCreator } from '../app/reviewStore.js';
import type { Composer } from '../composer/composerSlice.js';

/** What a toast's "Undo" does. */
export type ToastUndo =
  /** A deleted annotation that "Undo" puts back at its index (and in the fix sets it was in: `fixSets`, as they were). */
  | { kind: 'delete'; annotation: Annotation; index: number; fixSets: FixSet[] }
  /** A form closed with text in it (Esc, Cancel), which "Undo" opens again. */
  | { kind: 'reopen'; composer: Composer };

export interface Toast {
  id: number;
  message: string;
  undo?: ToastUndo;
}

export interface ToastsSlice {
  toasts: Toast[];
  showToast(message: string): void;
  /** A toast with more than a message (the annotations' "Undo"). */
  pushToast(toast: Omit<Toast, 'id'>): void;
  dismissToast(toastId: number): void;
}

let nextToastId = 1;

export const createToastsSlice: ReviewSliceCreator<ToastsSlice> = (set, get) => ({
  toasts: [],
  showToast(message) {
    get().pushToast({ message });
  },
  pushToast(toast) {
    set((s) => ({ toasts: [...s.toasts, { ...toast, id: nextToastId++ }] }));
  },
  dismissToast(toastId) {
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== toastId) }));
  },
});
