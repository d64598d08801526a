import { useRef, useState } from 'react';
import { Modal } from '../ui/Modal.js';
import { useController, useReview } from '../app/reviewContext.js';

export function CloseReviewDialog() {
  const controller = useController();
  const state = controller.store.getState();
  const error = useReview((s) => s.error);
  const annotationCount = useReview((s) => s.annotations.length);
  const [closing, setClosing] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const dismiss = () => {
    state.setError(null);
    state.closeDialog();
  };
  return (
    <Modal
      title="Close review"
      onClose={dismiss}
      initialFocus={cancel}
      footer={
        <>
          {error ? (
            <p className="dialog-error" role="alert">
              {error}
            </p>
          ) : null}
          <span className="spacer" />
          <button ref={cancel} type="button" className="btn" onClick={dismiss}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={closing}
            onClick={async () => {
              setClosing(true);
              if (!(await controller.closeReview())) setClosing(false);
            }}
          >
            Close review
          </button>
        </>
      }
    >
      <p>End this review without sending feedback? The agent is told the review was closed.</p>
      {annotationCount > 0 ? (
        <p className="composer-warning">
          Your {annotationCount} {annotationCount === 1 ? 'annotation is' : 'annotations are'} not sent (the draft stays saved for this diff).
        </p>
      ) : null}
    </Modal>
  );
}
