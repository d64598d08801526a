/** The page header: what is reviewed, the freshness chip, save state and the main actions. */
import { Icon } from '../ui/icons.js';
import { useController, useReview } from './reviewContext.js';
import type { DraftStatus } from '../drafts/draftSlice.js';
import { RoundViewSwitch } from '../threads/RoundViewSwitch.js';
import { CommitSelector } from '../commits/CommitSelector.js';
import { CollapseAllButton } from '../navigation/CollapseAllButton.js';
import { CheckButton } from '../check/CheckButton.js';
import { CompareButton } from '../compare/CompareButton.js';

const DRAFT_LABEL = {
  idle: '',
  pending: 'Saving…',
  saved: 'Draft saved',
  failed: 'Draft not saved',
  conflict: 'Not saved: saved from another tab',
} as const satisfies Record<DraftStatus, string>;

export function TopBar() {
  const controller = useController();
  const state = controller.store.getState();
  const repoName = useReview((s) => s.review?.repoName ?? '');
  const target = useReview((s) => s.review?.target.description ?? '');
  const stale = useReview((s) => s.stale);
  const reloading = useReview((s) => s.reloading);
  const draftStatus = useReview((s) => s.draftStatus);
  const annotationCount = useReview((s) => s.annotations.length);
  return (
    <header className="topbar">
      <div className="topbar-title">
        <span className="brand" aria-hidden="true">
          ◆
        </span>
        <h1>
          <span className="repo-name">{repoName}</span>
          <span className="target" title={target}>
            {target}
          </span>
        </h1>
      </div>
      {stale ? (
        <div className="stale-chip" role="status">
          <Icon name="warning" />
          <span>Diff out of date</span>
          <button type="button" className="btn btn-small" disabled={reloading} onClick={() => void controller.refresh()}>
            {reloading ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
      ) : null}
      <span className="spacer" />
      <CompareButton />
      <RoundViewSwitch />
      <CommitSelector />
      <span className={`draft-status draft-${draftStatus}`} aria-live="polite">
        {DRAFT_LABEL[draftStatus]}
      </span>
      <CollapseAllButton />
      <button type="button" className="btn btn-icon" aria-label="Search" title="Search (/)" onClick={() => state.openSearch()}>
        <Icon name="search" />
      </button>
      <button type="button" className="btn btn-icon" aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)" onClick={() => state.openDialog('shortcuts')}>
        <Icon name="keyboard" />
      </button>
      <button type="button" className="btn btn-icon" aria-label="Settings" title="Settings" onClick={() => state.openDialog('settings')}>
        <Icon name="gear" />
      </button>
      <button type="button" className="btn" onClick={() => state.openDialog('close')}>
        Close review
      </button>
      <CheckButton />
      <button type="button" className="btn btn-primary" onClick={() => state.openDialog('feedback')} title="Send Feedback (Ctrl/⌘+Enter)">
        Send Feedback
        {annotationCount > 0 ? <span className="counter counter-on-primary">{annotationCount}</span> : null}
      </button>
    </header>
  );
}
