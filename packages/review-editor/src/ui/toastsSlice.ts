/** Toasts: short messages at the bottom of the page, some with "Undo". */
import type { Annotation } from '@redline/core';
import type { ReviewSliceCreator } from '../app/reviewStore.js';

export interface Toast {
  id: number;
  message: string;
  /** A deleted annotation that "Undo" puts back at its index. */
  undo?: { annotation: Annotation; index: number };
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
