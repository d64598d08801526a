/**
 * A real modal dialog (`<dialog>` opened with showModal): the browser traps
 * focus, makes the page behind it inert and closes it on Escape. Focus goes
 * to the first field (or `initialFocus`) and back to where it was on close
 * (returnedFocus.ts: a button given focus back does not re-open the dialog on
 * Space or Enter, and ↓ still starts the line cursor).
 */
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { returnFocusTo } from './returnedFocus.js';

export interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  /** Extra keys handled while the dialog is open (Mod+Enter to send…). */
  onKeyDown?(event: React.KeyboardEvent<HTMLDialogElement>): void;
}

export function Modal({ title, onClose, children, footer, initialFocus, className, onKeyDown }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function' && !dialog.open) {
      try {
        dialog.showModal();
      } catch {
        dialog.setAttribute('open', '');
      }
    } else dialog.setAttribute('open', '');
    const target =
      initialFocus?.current ??
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>('.modal-body :is(input, textarea, select, button)') ??
      dialog.querySelector<HTMLElement>('button');
    target?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (returnTo?.isConnected) returnFocusTo(returnTo);
    };
  }, [initialFocus]);

  return (
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
          return;
        }
        onKeyDown?.(event);
      }}
    >
      <div className="modal-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="btn btn-icon" aria-label="Close dialog" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="modal-body">{children}</div>
      {footer ? <div className="modal-footer">{footer}</div> : null}
    </dialog>
  );
}
