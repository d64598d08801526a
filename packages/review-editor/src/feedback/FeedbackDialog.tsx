/**
 * Send Feedback: the verdict, an optional summary, and a preview of exactly
 * the markdown the agent will receive: rendered by the same core function
 * the server uses (`buildFeedbackReview`, then `renderFeedbackMarkdown`), from
 * the same review, submission and agent proposals (asked again as the dialog
 * opens, so a proposal posted since the last poll is in it). Overlapping
 * suggestions must be resolved or explicitly confirmed before Send.
 */
import { actKindWords, countActKinds, countOf, renderFeedbackMarkdown, type Annotation, type ThreadActInput, type Verdict } from '@redline/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { describeAnchor } from '../annotations/annotationOps.js';
import { isModEnter } from '../navigation/shortcuts.js';
import { Modal } from '../ui/Modal.js';
import { overlapsOf } from '../annotations/overlapsOf.js';
import { useController, useReview } from '../app/reviewContext.js';
import { ReviewerField } from '../threads/ReviewerField.js';
import { refreshProposals } from '../proposals/proposalsService.js';
import { PublishField } from './PublishField.js';

export const VERDICTS: { value: Verdict; label: string; hint: string }[] = [
  { value: 'approve', label: 'Approve', hint: 'The changes can stay as they are.' },
  { value: 'request-changes', label: 'Request changes', hint: 'The agent should address the feedback.' },
  { value: 'comment', label: 'Comment', hint: 'Feedback without a decision.' },
];

export function FeedbackDialog() {
  const controller = useController();
  const state = controller.store.getState();
  const summary = useReview((s) => s.summary);
  const annotations = useReview((s) => s.annotations);
  const threadActs = useReview((s) => s.threadActs);
  const error = useReview((s) => s.error);
  const confirmed = useReview((s) => s.overlapsConfirmed);
  const [sending, setSending] = useState(false);
  const summaryId = useId();

  useEffect(() => {
    void refreshProposals(controller.store, controller.api).catch(() => undefined);
  }, [controller]);
  // What Send sends: the annotations and this round's acts on earlier threads ("0 annotations, 1 resolve").
  // eslint-disable-next-line react-hooks/exhaustive-deps -- submission() reads threadActs from the store
  const sentWords = useMemo(() => sendCountWords(annotations.length, controller.submission().threadActs ?? []), [controller, annotations, threadActs]);
  const overlaps = overlapsOf(annotations);
  const overlapping = annotations.filter((a) => overlaps.has(a.id));
  const badName = useReview((s) => s.reviewerCheck.kind === 'invalid');
  const blocked = (overlapping.length > 0 && !confirmed) || badName;

  const send = async () => {
    if (blocked || sending) return;
    setSending(true);
    const ok = await controller.sendFeedback();
    if (!ok) setSending(false);
  };
  const close = () => {
    state.setError(null);
    state.closeDialog();
  };

  return (
    <Modal
      title="Send Feedback"
      className="modal-wide"
      onClose={close}
      onKeyDown={(event) => {
        if (isModEnter(event)) {
          event.preventDefault();
          void send();
        }
      }}
      footer={
        <>
          {error ? (
            <p className="dialog-error" role="alert">
              {error}
            </p>
          ) : (
            <span className="muted">
              {sentWords} · <kbd>Ctrl</kbd>/<kbd>⌘</kbd>+<kbd>Enter</kbd> sends
            </span>
          )}
          <span className="spacer" />
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={blocked || sending} onClick={() => void send()}>
            {sending ? 'Sending…' : 'Send'}
          </button>
        </>
      }
    >
      <div className="feedback-layout">
        <div className="feedback-form">
          <VerdictField />
          <PublishField />
          <ReviewerField />
          <label htmlFor={summaryId} className="field-label">
            Summary <span className="muted">(optional, markdown)</span>
          </label>
          <textarea id={summaryId} className="text-input" rows={6} value={summary} onChange={(event) => state.setSummary(event.target.value)} placeholder="Overall feedback for the agent" />
          {overlapping.length > 0 ? <OverlapWarning overlapping={overlapping} /> : null}
        </div>
        <FeedbackPreview />
      </div>
    </Modal>
  );
}

function VerdictField() {
  const verdict = useReview((s) => s.verdict);
  const setVerdict = useReview((s) => s.setVerdict);
  return (
    <fieldset className="verdicts">
      <legend>Verdict</legend>
      {VERDICTS.map((v) => (
        <label key={v.value} className={`verdict verdict-${v.value} ${verdict === v.value ? 'is-selected' : ''}`}>
          <input type="radio" name="verdict" value={v.value} checked={verdict === v.value} onChange={() => setVerdict(v.value)} data-autofocus={verdict === v.value ? '' : undefined} />
          <span className="verdict-label">{v.label}</span>
          <span className="verdict-hint">{v.hint}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Suggestions that change some of the same lines: Send waits for an edit, a delete or this confirmation. */
function OverlapWarning({ overlapping }: { overlapping: readonly Annotation[] }) {
  const confirmed = useReview((s) => s.overlapsConfirmed);
  const setOverlapsConfirmed = useReview((s) => s.setOverlapsConfirmed);
  return (
    <div className="overlap-warning" role="alert">
      <p>
        <strong>Overlapping suggestions.</strong> These suggestions change some of the same lines; the agent cannot apply them all. Edit or delete one of
        each pair, or send them as they are.
      </p>
      <ul>
        {overlapping.map((a) => (
          <li key={a.id}>
            <code>{a.path}</code> {describeAnchor(a)}
          </li>
        ))}
      </ul>
      <label className="checkbox">
        <input type="checkbox" checked={confirmed} onChange={(event) => setOverlapsConfirmed(event.target.checked)} />
        Send the overlapping suggestions anyway
      </label>
    </div>
  );
}

/** The export as the agent will receive it, rendered again whenever what goes into it changes. */
function FeedbackPreview() {
  const controller = useController();
  const review = useReview((s) => s.review);
  const verdict = useReview((s) => s.verdict);
  const summary = useReview((s) => s.summary);
  const annotations = useReview((s) => s.annotations);
  // A resolve, reopen or reply changes the threads section of the export.
  const threadActs = useReview((s) => s.threadActs);
  // The agent's proposals and their outcomes are the export's last section.
  const proposals = useReview((s) => s.proposals);
  const previewId = useId();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- feedbackReview() reads the store: the memo lists the store keys the preview changes with
  const preview = useMemo(() => (review ? renderFeedbackMarkdown(controller.feedbackReview()) : ''), [controller, review, verdict, summary, annotations, threadActs, proposals]);
  return (
    <div className="feedback-preview">
      <div className="field-label" id={previewId}>
        Preview: exactly what the agent receives
      </div>
      <pre className="preview" aria-labelledby={previewId} tabIndex={0} data-testid="feedback-preview">
        {preview}
      </pre>
    </div>
  );
}

/** "2 annotations", "0 annotations, 1 resolve, 2 replies": every act counted by its kind. */
function sendCountWords(annotations: number, acts: readonly ThreadActInput[]): string {
  return [countOf(annotations, 'annotation'), ...actKindWords(countActKinds(acts))].join(', ');
}
