/**
 * The top bar's Check button: enabled when there are suggestions to check;
 * it starts a check (or, with no command confirmed yet, opens the panel to
 * confirm one) and shows how the last check went (✓ passed, ✗ failed, a
 * question mark once the suggestions changed since). The panel is a chunk of
 * its own (LazyCheckPanel.tsx): the entry has a budget.
 */
import { useController, useReview } from '../app/reviewContext.js';
import { checkVerdict } from './checkWords.js';
import { LazyCheckPanel } from './LazyCheckPanel.js';
import { usePendingSuggestionIds } from './pendingSuggestions.js';

export function CheckButton() {
  const controller = useController();
  const check = useReview((s) => s.check);
  const open = useReview((s) => s.checkPanelOpen);
  const pending = usePendingSuggestionIds();
  const run = check?.run ?? null;
  const running = run?.state.kind === 'running';
  const verdict = run === null ? null : checkVerdict(run, pending);
  const mark = verdict === null || verdict.kind === 'not-run' ? '' : verdict.kind === 'running' ? '…' : verdict.kind === 'passed' ? (verdict.stale ? ' ✓?' : ' ✓') : verdict.stale ? ' ✗?' : ' ✗';
  const onClick = () => {
    const state = controller.store.getState();
    if (running || check?.command.kind === 'to-confirm') return state.setCheckPanelOpen(!open || running);
    void controller.startCheck();
  };
  return (
    <>
      <button
        type="button"
        className={`btn check-button${verdict && verdict.kind !== 'running' && verdict.kind !== 'not-run' ? ` check-${verdict.kind}` : ''}`}
        disabled={pending.length === 0 && !running && run === null}
        title="Apply the pending suggestions to a scratch copy and run the project's check command"
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

