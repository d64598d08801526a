/** Short notices at the bottom of the page; deleting an annotation, or closing a form with text in it, offers Undo here. */
import { useEffect } from 'react';
import type { Toast } from './toastsSlice.js';
import { useController, useReview } from '../app/reviewContext.js';

export function Toasts() {
  const toasts = useReview((s) => s.toasts);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <ToastView key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

function ToastView({ toast }: { toast: Toast }) {
  const controller = useController();
  const state = controller.store.getState();
  useEffect(() => {
    const timer = setTimeout(() => controller.store.getState().dismissToast(toast.id), toast.undo ? 10_000 : 6_000);
    return () => clearTimeout(timer);
  }, [controller, toast]);
  return (
    <div className="toast">
      <span>{toast.message}</span>
      {toast.undo ? (
        <button type="button" className="btn btn-small" onClick={() => (toast.undo?.kind === 'reopen' ? state.reopenClosedComposer(toast.id) : state.undoDelete(toast.id))}>
          Undo
        </button>
      ) : null}
      <button type="button" className="btn btn-small btn-quiet" aria-label="Dismiss" onClick={() => state.dismissToast(toast.id)}>
        ×
      </button>
    </div>
  );
}
