/**
 * The check before sending, in the panel the top bar's Check button opens
 * (CheckButton.tsx; this panel is a chunk of its own, LazyCheckPanel.tsx).
 * While a check runs the panel
 * shows its steps (files copied, suggestions applied, the command and its
 * seconds), the output streaming in (monospace, its last 200 lines, made safe
 * by shownOutput) and Cancel; then pass or fail with the time, the end of the
 * output, and which suggestions were in, marked "suggestions changed since
 * the check" once the pending suggestions differ (the export then leaves it
 * out). With no command configured it offers what the repository has, for
 * the reviewer to confirm once.
 */
import { useEffect, useRef, useState } from 'react';
import { lineSpanWords, type Annotation, type CheckCommandChoice, type CheckRunData } from '@redline/core';
import { useController, useReview } from '../app/reviewContext.js';
import { checkVerdict, progressSteps, shownOutput } from './checkWords.js';
import { usePendingSuggestionIds } from './pendingSuggestions.js';
import './check.css';

export function CheckPanel() {
  const controller = useController();
  const check = useReview((s) => s.check);
  const error = useReview((s) => s.checkError);
  const pending = usePendingSuggestionIds();
  const run = check?.run ?? null;
  return (
    <section
      className="check-panel"
      role="dialog"
      aria-label="Check before sending"
      onKeyDown={(event) => {
        if (event.key === 'Escape') controller.store.getState().setCheckPanelOpen(false);
      }}
    >
      <header className="check-panel-header">
        <h2>Check before sending</h2>
        <button type="button" className="btn btn-icon btn-small" aria-label="Close the check panel" onClick={() => controller.store.getState().setCheckPanelOpen(false)}>
          ×
        </button>
      </header>
      {check !== null && check.command.kind !== 'to-confirm' ? (
        <p className="check-command">
          Command: <code>{check.command.command}</code> ({check.command.kind === 'configured' ? `from the repository's ${check.command.from}` : 'confirmed by you for this repository'})
        </p>
      ) : null}
      {check?.command.kind === 'to-confirm' && run?.state.kind !== 'running' ? <ConfirmCommand choice={check.command} /> : null}
      {run !== null ? <RunView run={run} pending={pending} /> : null}
      {error !== null ? (
        <p className="check-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function ConfirmCommand({ choice }: { choice: Extract<CheckCommandChoice, { kind: 'to-confirm' }> }) {
  const controller = useController();
  const [picked, setPicked] = useState(choice.offers[0] ?? '');
  if (choice.offers.length === 0) {
    return (
      <p className="check-confirm">
        No check command is configured, and this repository has none to offer. Write one in <code>package.json</code> as{' '}
        <code>{'"redline": { "check": "<command>" }'}</code> (or in <code>.redline.json</code>).
      </p>
    );
  }
  return (
    <form
      className="check-confirm"
      onSubmit={(event) => {
        event.preventDefault();
        void controller.startCheck(picked);
      }}
    >
      <p>No check command is configured for this repository. Redline can run one it has; confirm it once (it is kept with your own preferences, not in the repository):</p>
      <div role="radiogroup" aria-label="Check command">
        {choice.offers.map((offer) => (
          <label key={offer} className="check-offer">
            <input type="radio" name="check-offer" value={offer} checked={picked === offer} onChange={() => setPicked(offer)} />
            <code>{offer}</code>
          </label>
        ))}
      </div>
      <button type="submit" className="btn btn-small">
        Confirm and run <code>{picked}</code>
      </button>
    </form>
  );
}

function RunView({ run, pending }: { run: CheckRunData; pending: string[] }) {
  const controller = useController();
  const output = useReview((s) => s.checkOutput);
  const annotations = useReview((s) => s.annotations);
  const verdict = checkVerdict(run, pending);
  const running = verdict.kind === 'running';
  const outputRef = useRef<HTMLPreElement>(null);
  useEffect(() => {
    const pre = outputRef.current;
    if (pre) pre.scrollTop = pre.scrollHeight;
  }, [output]);
  const ran = run.state.kind === 'finished' ? run.state.checked.suggestions : null;
  return (
    <div className="check-run">
      <ol className="check-steps" aria-label="Progress">
        {progressSteps(run).map((step) => (
          <li key={step.words.split(' ')[0]} className={`check-step check-step-${step.state}`}>
            {step.words}
          </li>
        ))}
      </ol>
      <p className={`check-verdict check-verdict-${verdict.kind}`} role="status">
        {verdict.kind === 'passed' ? 'Passed: ' : verdict.kind === 'failed' ? 'Failed: ' : ''}
        {verdict.words}
      </p>
      {verdict.kind !== 'running' && verdict.kind !== 'not-run' && verdict.stale ? (
        <p className="check-stale">Suggestions changed since the check: it is not sent with the feedback. Check again.</p>
      ) : null}
      {ran !== null && ran.length > 0 ? (
        <p className="check-suggestions">
          With: {ran.map((id) => (
            <code key={id} title={placeOf(annotations, id)}>
              {id}
            </code>
          ))}
        </p>
      ) : null}
      {output !== '' ? (
        <pre className="check-output" ref={outputRef} aria-label="Output" tabIndex={0}>
          {shownOutput(output)}
        </pre>
      ) : null}
      <div className="check-actions">
        {running ? (
          <button type="button" className="btn btn-small" onClick={() => void controller.cancelCheck()}>
            Cancel
          </button>
        ) : (
          <button type="button" className="btn btn-small" disabled={pending.length === 0} onClick={() => void controller.startCheck()}>
            Check again
          </button>
        )}
      </div>
    </div>
  );
}

/** Where a suggestion of the check is now ("sum.mjs, line 2"), or that it is no longer among the annotations. */
function placeOf(annotations: readonly Annotation[], id: string): string {
  const found = annotations.find((a) => a.id === id);
  if (found?.scope !== 'line') return 'no longer among your suggestions';
  return `${found.path}, ${lineSpanWords(found)}`;
}
