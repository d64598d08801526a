/**
 * The right side of a file header: its counts (`+2 −1`, in the tree's order:
 * Pierre's own, `-1 +2`, are hidden in DiffView's CSS), what kind of file it is, "Load diff" for
 * large ones, "Rendered" for markdown files, a file comment, a link to the file, the Viewed checkbox, and at the far right the
 * slot the edit feature fills (its Edit button).
 */
import { useExtension } from './extensionSlots.js';
import { groupDigits, LARGE_DIFF_CHANGED_LINES, similarityChip } from '@redline/core';
import { ChangeCounts } from '../ui/ChangeCounts.js';
import { Icon } from '../ui/icons.js';
import { RenderedToggle } from '../markdown/RenderedToggle.js';
import { useController, useReview } from '../app/reviewContext.js';
import { CopyFileLink } from '../navigation/CopyFileLink.js';
import { OpenInEditorButton } from '../openInEditor/OpenInEditorButton.js';
import { PairControl } from '../manualPairs/PairControl.js';
import { countsInView, unchangedSinceRound } from '../diffViews/filesInView.js';
import { hunksToReviewOf, hunksToReviewWords } from '../viewed/hunksToReview.js';

export function FileHeaderActions({ fileId }: { fileId: string }) {
  const controller = useController();
  const file = useReview((s) => s.fileById.get(fileId));
  const viewed = useReview((s) => s.isViewed(fileId));
  const collapsed = useReview((s) => (file ? s.isCollapsed(fileId) : false));
  // Numbers, not an object: a selector's answer must stay the same while nothing changed.
  const additions = useReview((s) => (file ? countsInView(s, file).additions : 0));
  const deletions = useReview((s) => (file ? countsInView(s, file).deletions : 0));
  // A file viewed in the last round and changed since: how much of it is new to the reviewer (a string: stable between renders).
  const toReview = useReview((s) => {
    const count = file ? hunksToReviewOf(s, file) : null;
    return count ? hunksToReviewWords(count) : null;
  });
  const toReviewShort = useReview((s) => {
    const count = file ? hunksToReviewOf(s, file) : null;
    return count ? hunksToReviewWords(count, 'short') : null;
  });
  const unchangedSince = useReview((s) => (file ? unchangedSinceRound(s, file) : null));
  const End = useExtension('fileHeaderEnd');
  if (!file) return null;
  const state = controller.store.getState();
  const moved = similarityChip(file.facts);
  return (
    <>
      <ChangeCounts className="file-counts" additions={additions} deletions={deletions} drawn={false} />
      <span className="file-actions" role="group" aria-label={`${file.path} actions`}>
        {unchangedSince !== null ? (
          <span className="chip chip-shortens" title={`Its text is as it was in round ${unchangedSince}: what it shows unfolded is the whole change`}>
            <span className="long-words">Unchanged since round {unchangedSince}</span>
            <span className="short-words">Unchanged</span>
          </span>
        ) : null}
        {toReview ? (
          <span className="chip chip-shortens" title={`${toReview}: viewed when the last round was sent, its other hunks are unchanged since`}>
            <span className="long-words">{toReview}</span>
            <span className="short-words">{toReviewShort}</span>
          </span>
        ) : null}
        {moved ? (
          <span className="chip chip-similarity chip-shortens" title={`${file.oldPath ?? ''} → ${file.path}: ${moved.words} (git's similarity index)`}>
            <span className="long-words">{moved.words}</span>
            <span className="short-words">{moved.short}</span>
          </span>
        ) : null}
        <PairControl file={file} />
        {file.generated ? <span className="chip" title="Lock file, build output or marked as generated">Generated</span> : null}
        {file.large && collapsed ? (
          <button type="button" className="btn btn-small" title={`More than ${groupDigits(LARGE_DIFF_CHANGED_LINES)} changed lines or 400 KB`} onClick={() => state.setCollapsed(fileId, false)}>
            Load diff
          </button>
        ) : null}
        <RenderedToggle file={file} />
        <button
          type="button"
          className="btn btn-small btn-icon"
          aria-label={`Comment on file ${file.path}`}
          title="Comment on this file"
          onClick={() => {
            state.setCollapsed(fileId, false);
            controller.openComment({ scope: 'file', fileId });
          }}
        >
          <Icon name="comment" />
        </button>
        <CopyFileLink path={file.path} />
        {file.facts.status === 'deleted' ? null : <OpenInEditorButton fileId={fileId} path={file.path} />}
        <label className={`viewed-toggle ${viewed ? 'is-viewed' : ''}`} title={file.loading ? "Viewed: this file's diff is still loading" : 'Viewed'}>
          <input type="checkbox" aria-label={`Viewed ${file.path}`} checked={viewed} disabled={file.loading} onChange={() => controller.toggleViewedOf(fileId)} />
          <span className="viewed-words">Viewed</span>
        </label>
        {End ? <End file={file} /> : null}
      </span>
    </>
  );
}

export function CollapseToggle({ fileId }: { fileId: string }) {
  const controller = useController();
  const collapsed = useReview((s) => s.isCollapsed(fileId));
  const path = useReview((s) => s.fileById.get(fileId)?.path ?? fileId);
  return (
    <button
      type="button"
      className="btn btn-icon btn-collapse"
      aria-expanded={!collapsed}
      aria-label={`${collapsed ? 'Expand' : 'Collapse'} ${path}`}
      title={collapsed ? 'Expand file' : 'Collapse file'}
      onClick={() => controller.store.getState().setCollapsed(fileId, !collapsed)}
    >
      <Icon name={collapsed ? 'chevronRight' : 'chevronDown'} />
    </button>
  );
}
