/**
 * The top bar's Check button: enabled when there are suggestions to check;
 * it starts a check (or, with no command confirmed yet, opens the panel to
 * confirm one) and shows how the last check went (✓ passed, ✗ failed, a
 * question mark once the suggestions changed since). The panel is a chunk of
 * its own (LazyCheckPanel.tsx): the entry has a budget.
 */
import { checkCoversSuggestions } from '@redline/core';
import { useController, useReview } from '../app/reviewContext.js';
import { LazyCheckPanel } from './LazyCheckPanel.js';
import { usePendingSuggestionIds } from './pendingSuggestions.js';

export function CheckButton() {
  const controller = useController();
  const check = useReview((s) => s.check);
  const open = useReview((s) => s.checkPanelOpen);
  const pending = usePendingSuggestionIds();
  const run = check?.run ?? null;
  const running = run?.state.kind === 'running';
  // The last result's mark; its words are the panel's (a chunk of its own).
  const checked = run?.state.kind === 'finished' ? run.state.checked : null;
  const result = checked === null ? '' : checked.passed ? 'passed' : 'failed';
  const mark = checked === null ? '' : `${checked.passed ? ' ✓' : ' ✗'}${checkCoversSuggestions(checked, pending) ? '' : '?'}`;
  const onClick = () => {
    const state = controller.store.getState();
    if (running || check?.command.kind === 'to-confirm') return state.setCheckPanelOpen(!open || running);
    void controller.startCheck();
  };
  return (
    <>
      <button
        type="button"
        className={`btn check-button${result === '' ? '' : ` check-${result}`}`}
        disabled={pending.length === 0 && run === null}
        title="Run the project's check with the suggestions applied in a scratch copy"
        aria-expanded={open}
        onClick={onClick}
      >
        {running ? 'Checking…' : 'Check'}
        {mark !== '' && !running ? <span aria-hidden="true">{mark}</span> : null}
      </button>
      {open ? <LazyCheckPanel /> : null}
    </>
  );
}
