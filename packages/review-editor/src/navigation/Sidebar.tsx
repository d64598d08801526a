/** The left column: the file tree, or the list of annotations. */
import { useId, useState } from 'react';
import { SIDEBAR_WORDS } from '@redline/core';
import { AnnotationList } from '../annotations/AnnotationList.js';
import { FileTree } from './FileTree.js';
import { ThreadList } from '../threads/ThreadList.js';
import { ForgeThreadList, LazyPanel } from '../app/lazyPanels.js';
import { ProposalList } from '../proposals/ProposalList.js';
import { LazyQuestionsPanel } from '../questions/LazyQuestionsPanel.js';
import { waitingItemsOf } from '../annotations/waitingItems.js';
import { Icon } from '../ui/icons.js';
import { TabPanel, Tabs } from '../ui/Tabs.js';
import { useReview } from '../app/reviewContext.js';

type Tab = 'files' | 'comments';

export function Sidebar() {
  const [tab, setTab] = useState<Tab>('files');
  const fileCount = useReview((s) => s.files.length);
  const hasPullRequest = useReview((s) => (s.review?.pullRequest?.threads.length ?? 0) > 0);
  // Your comments, and what waits for you: the agent's pending proposals, the threads still open, and the pull request's unresolved threads on GitHub (listed in the tab too).
  const annotationCount = useReview((s) => s.annotations.length + waitingItemsOf(s).proposals.length + waitingItemsOf(s).threads.length + (s.review?.pullRequest?.threads.length ?? 0));
  const viewedCount = useReview((s) => Object.keys(s.viewed).length);
  const id = useId();
  const width = useReview((s) => s.layout.sidebarWidth);
  const tabs = [
    { key: 'files', label: <TabLabel words={SIDEBAR_WORDS.files} count={fileCount} /> },
    { key: 'comments', label: <TabLabel words={SIDEBAR_WORDS.comments} count={annotationCount} /> },
  ] as const;
  return (
    <aside className="sidebar" aria-label="Review navigation" style={{ width, flexBasis: width }}>
      <div className="sidebar-head">
        <Tabs idBase={id} tabs={tabs} selected={tab} onSelect={setTab} label="Sidebar" className="sidebar-tabs" tabClassName="sidebar-tab">
          <span className="spacer" />
          <span className="muted sidebar-progress" title="Files marked viewed">
            {viewedCount}/{fileCount} viewed
          </span>
        </Tabs>
        {/* Outside the tablist: a tablist holds tabs only (axe, aria-required-children). */}
        <SidebarToggle />
      </div>
      <TabPanel className="sidebar-panel" idBase={id} tabKey={tab}>
        {tab === 'files' ? (
          <FileTree />
        ) : (
          <>
            <ProposalList />
            <LazyQuestionsPanel />
            <AnnotationList />
            <ThreadList />
            {hasPullRequest ? <LazyPanel of={ForgeThreadList} /> : null}
          </>
        )}
      </TabPanel>
    </aside>
  );
}

function TabLabel({ words, count }: { words: string; count: number }) {
  return (
    <>
      {words} <span className="counter">{count}</span>
    </>
  );
}

/** Hides or shows the sidebar (also `b`); remembered across reviews. */
export function SidebarToggle() {
  const shown = useReview((s) => s.layout.sidebar === 'shown');
  const toggle = useReview((s) => s.toggleSidebar);
  const label = shown ? 'Hide the sidebar' : 'Show the sidebar';
  return (
    <button type="button" className={`btn btn-small btn-quiet sidebar-toggle ${shown ? '' : 'is-floating'}`} aria-label={label} title={`${label} (b)`} aria-expanded={shown} onClick={toggle}>
      <Icon name={shown ? 'chevronLeft' : 'chevronRight'} size={14} />
    </button>
  );
}
