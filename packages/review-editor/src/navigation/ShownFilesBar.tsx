/**
 * Above the file tree: the filter box and "Hide viewed", both narrowing the
 * diff as well as the tree (shownFiles.ts), and how many files they leave out.
 */
import { useEffect, useMemo, useState } from 'react';
import { SIDEBAR_WORDS, pathMatchesFilter, type FileListOrder } from '@redline/core';
import { useController, useReview } from '../app/reviewContext.js';
import { hiddenViewedCount } from './shownFiles.js';
import { UnchangedNote } from '../diffViews/UnchangedNote.js';

/** Narrowing the diff rebuilds CodeView's items: wait for a pause in typing, as the search does. */
const FILTER_DELAY_MS = 120;

export function ShownFilesBar() {
  const controller = useController();
  const stored = useReview((s) => s.fileFilter);
  const [filter, setFilter] = useState(stored);
  const files = useReview((s) => s.files);
  const matching = useMemo(() => files.filter((f) => pathMatchesFilter(f.path, stored)).length, [files, stored]);
  const hideViewed = useReview((s) => s.hideViewed);
  const hidden = useReview(hiddenViewedCount);

  useEffect(() => setFilter(stored), [stored]);
  useEffect(() => {
    if (filter === controller.store.getState().fileFilter) return;
    const timer = setTimeout(() => controller.store.getState().setFileFilter(filter), FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filter, controller]);

  return (
    <div className="file-tree-filter">
      <div className="file-tree-filter-box">
        <input type="search" className="input" placeholder={SIDEBAR_WORDS.filter} aria-label={SIDEBAR_WORDS.filter} value={filter} onChange={(event) => setFilter(event.target.value)} />
        {stored.trim() !== '' ? (
          <span className="muted file-tree-count" aria-live="polite">
            {matching} of {files.length}
          </span>
        ) : null}
      </div>
      <div className="file-tree-shown">
        <FileListOrderSelect />
        <label className="hide-viewed-toggle">
          <input type="checkbox" checked={hideViewed} onChange={(event) => controller.store.getState().setHideViewed(event.target.checked)} />
          Hide viewed files
        </label>
        {hideViewed ? (
          <span className="muted hidden-count" aria-live="polite">
            {hidden} hidden
          </span>
        ) : null}
      </div>
      <UnchangedNote />
    </div>
  );
}

const ORDER_WORDS: Record<FileListOrder, string> = { tree: 'Folders', changes: 'Most changed lines', size: 'Largest files' };

/** The list's order: the tree, or ranked flat (the list only; the diff keeps the review's order). */
function FileListOrderSelect() {
  const order = useReview((s) => s.fileListOrder);
  const setOrder = useReview((s) => s.setFileListOrder);
  return (
    <label className="file-list-order">
      <span className="sr-only">List files by</span>
      <select className="input" value={order} title="List files by" onChange={(event) => setOrder(event.target.value as FileListOrder)}>
        {(Object.keys(ORDER_WORDS) as FileListOrder[]).map((value) => (
          <option key={value} value={value}>
            {ORDER_WORDS[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
