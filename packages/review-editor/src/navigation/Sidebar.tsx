/** The left column: the file tree, or the list of annotations. */
import { useId, useState } from 'react';
import { SIDEBAR_WORDS } from '@redline/core';
import { AnnotationList } from '../annotations/AnnotationList.js';
import { FileTree } from './FileTree.js';
import { useReview } from '../app/reviewContext.js';

type Tab = 'files' | 'comments';

export function Sidebar() {
  const [tab, setTab] = useState<Tab>('files');
  const fileCount = useReview((s) => s.files.length);
  const annotationCount = useReview((s) => s.annotations.length);
  const viewedCount = useReview((s) => Object.keys(s.viewed).length);
  const id = useId();
  const tabs: { key: Tab; label: string; count: number }[] = [
    { key: 'files', label: SIDEBAR_WORDS.files, count: fileCount },
    { key: 'comments', label: SIDEBAR_WORDS.comments, count: annotationCount },
  ];
  return (
    <aside className="sidebar" aria-label="Review navigation">
      <div className="sidebar-tabs" role="tablist" aria-label="Sidebar">
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`${id}-${t.key}-tab`}
            aria-selected={tab === t.key}
            aria-controls={`${id}-${t.key}-panel`}
            tabIndex={tab === t.key ? 0 : -1}
            className={`sidebar-tab ${tab === t.key ? 'is-active' : ''}`}
            onClick={() => setTab(t.key)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') setTab(tab === 'files' ? 'comments' : 'files');
            }}
          >
            {t.label} <span className="counter">{t.count}</span>
          </button>
        ))}
        <span className="spacer" />
        <span className="muted sidebar-progress" title="Files marked viewed">
          {viewedCount}/{fileCount} viewed
        </span>
      </div>
      <div className="sidebar-panel" role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`}>
        {tab === 'files' ? <FileTree /> : <AnnotationList />}
      </div>
    </aside>
  );
}
