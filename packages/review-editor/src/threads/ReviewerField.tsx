/** "Your name" in the Send dialog: typed once, remembered in the preferences file (settings/persistPreferences.ts), checked by the core's identity rule. */
import { useId } from 'react';
import './threads.css';
import { useController, useReview } from '../app/reviewContext.js';

export function ReviewerField() {
  const controller = useController();
  const reviewer = useReview((s) => s.reviewer);
  const check = useReview((s) => s.reviewerCheck);
  const id = useId();
  const hintId = useId();
  return (
    <div className="reviewer-field">
      <label htmlFor={id} className="field-label">
        Your name <span className="muted">(recorded with this round; remembered)</span>
      </label>
      <input
        id={id}
        className="text-input"
        type="text"
        autoComplete="off"
        spellCheck={false}
        value={reviewer}
        placeholder="@you"
        aria-invalid={check.kind === 'invalid'}
        aria-describedby={hintId}
        onChange={(event) => controller.store.getState().setReviewer(event.target.value)}
      />
      <p id={hintId} className={check.kind === 'invalid' ? 'field-hint field-error' : 'field-hint muted'} role={check.kind === 'invalid' ? 'alert' : undefined}>
        {check.kind === 'invalid' ? `This name ${check.problem}.` : check.kind === 'empty' ? 'Empty: the round is recorded without a reviewer.' : '@Bob and @bob are the same person.'}
      </p>
    </div>
  );
}
