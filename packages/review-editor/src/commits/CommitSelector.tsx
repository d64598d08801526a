/**
 * The header's commit selector, beside the round switch: the
 * whole range (the default), one commit, or a span from a first to a last
 * commit, in first-parent order. Two native selects, so the keyboard reaches
 * and works them as any other; shown only for a range of two commits or more.
 */
import type { RangeCommit } from '@redline/core';
import { useController, useReview } from '../app/reviewContext.js';
import type { DiffLoad } from '../diffViews/diffViewsSlice.js';
import { showDiff } from '../diffViews/showDiff.js';
import './commits.css';

const WHOLE = 'whole';

export function CommitSelector() {
  const controller = useController();
  const listed = useReview((s) => s.rangeCommits);
  const span = useReview((s) => s.commitSpan);
  const load = useReview((s) => s.diffLoad);
  if (listed.kind !== 'ready' || listed.commits.length < 2) return null;
  const commits = listed.commits;
  const fromAt = span ? commits.findIndex((commit) => commit.sha === span.from) : -1;
  const show = (from: string, to: string) => {
    if (from === WHOLE) controller.store.getState().chooseCommitSpan(null);
    else void showDiff(controller.store, controller.api, { kind: 'span', span: { from, to } });
  };
  return (
    <span className="commit-selector" role="group" aria-label="Commits">
      <select className="input commit-select" aria-label="Commits shown" value={span?.from ?? WHOLE} onChange={(event) => show(event.target.value, event.target.value)}>
        <option value={WHOLE}>Whole range ({commits.length} commits)</option>
        {commits.map((commit, index) => (
          <option key={commit.sha} value={commit.sha}>
            {commitLabel(commit, index, commits.length)}
          </option>
        ))}
      </select>
      {span ? (
        <select className="input commit-select" aria-label="Through commit" value={span.to} onChange={(event) => show(span.from, event.target.value)}>
          {commits.slice(fromAt).map((commit, index) => (
            <option key={commit.sha} value={commit.sha}>
              {index === 0 ? 'this commit only' : `through ${commitLabel(commit, fromAt + index, commits.length)}`}
            </option>
          ))}
        </select>
      ) : null}
      <SpanNote load={load} />
    </span>
  );
}

function commitLabel(commit: RangeCommit, index: number, count: number): string {
  return `${index + 1}/${count} ${commit.shortSha} ${commit.subject}`;
}

function SpanNote({ load }: { load: DiffLoad }) {
  if (load.kind === 'idle' || load.request.kind !== 'span') return null;
  if (load.kind === 'loading') return <span className="commit-note" role="status">Reading the commits…</span>;
  return <span className="commit-note commit-note-failed" role="alert">Cannot show these commits: {load.message}</span>;
}
