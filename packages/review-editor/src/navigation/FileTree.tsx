/**
 * The file tree: folders, status letters, +/- counts, viewed checkmarks and
 * the current file; a filter box and "hide viewed files", which narrow the
 * diff too (shownFiles.ts); click to jump. Rows are virtualized (a
 * fixed row height and only the visible window rendered), so 2,000 files
 * cost what 40 do.
 *
 * One Tab stop (a roving tab index for keyboard-only review: every row used to be
 * its own): ↑/↓ (Home/End) move among the rows, ←/→ fold and unfold a
 * folder, Enter opens a file and puts the line cursor on its first line.
 */
import { memo, useEffect, useMemo, useRef } from 'react';
import type { ReviewController } from '../app/reviewController.js';
import { buildFileTree, flattenFileTree, rankFileRows, signedCount, similarityWords, statusLabel, statusLetter, type TreeRow } from '@redline/core';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import { ChangeCounts } from '../ui/ChangeCounts.js';
import { Icon } from '../ui/icons.js';
import { useController, useReview } from '../app/reviewContext.js';
import { ShownFilesBar } from './ShownFilesBar.js';
import { waitingWordsFor } from '../annotations/waitingItems.js';
import { countsInView, filesListed } from '../diffViews/filesInView.js';
import { ROW_HEIGHT, useCollapsedFolders, useCurrentRowInSight, useRovingRow, useTreeViewport } from './fileTreeRows.js';
import { focusDiff } from './focusDiff.js';

const OVERSCAN = 12;

/** The measure each ranked order sorts by, largest first. */
const RANK_BY = {
  changes: (file: ReviewFile) => file.additions + file.deletions,
  size: (file: ReviewFile) => Math.max(file.facts.newSize ?? 0, file.facts.oldSize ?? 0),
} as const;

export function FileTree() {
  const files = useReview(filesListed);
  const currentFileId = useReview((s) => s.currentFileId);
  const filter = useReview((s) => s.fileFilter);
  const [collapsedFolders, toggleFolder] = useCollapsedFolders();
  const order = useReview((s) => s.fileListOrder);
  const tree = useMemo(() => buildFileTree(files), [files]);
  const rows = useMemo(
    () => (order === 'tree' ? flattenFileTree(tree, collapsedFolders, filter) : rankFileRows(files, RANK_BY[order], filter)),
    [order, tree, files, collapsedFolders, filter],
  );
  // The file rows listed (folders left out): the bench's "every file listed" hook. aria-setsize
  // counts folders too, so on XL (1,071 folders) it passed with 255 files fewer than expected.
  const fileRows = useMemo(() => rows.reduce((n, row) => (row.kind === 'file' ? n + 1 : n), 0), [rows]);
  const scroller = useRef<HTMLDivElement>(null);
  const { viewport, setViewport, seen } = useTreeViewport(scroller);
  // A ranked list opens at its top (the largest first); the tree keeps the current file in sight.
  useCurrentRowInSight(scroller, seen, rows, order === 'tree' ? currentFileId : null);
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [order]);
  const { active, moveTo, setActiveKey } = useRovingRow(scroller, rows, setViewport);
  const onKeyDown = useTreeKeys(rows, active, moveTo, toggleFolder);
  const first = Math.max(0, Math.floor(viewport.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((viewport.top + viewport.height) / ROW_HEIGHT) + OVERSCAN);

  return (
    <nav className="file-tree" aria-label="Changed files" data-file-count={fileRows}>
      <ShownFilesBar />
      <div className="file-tree-scroll" ref={scroller} onScroll={(event) => setViewport({ top: event.currentTarget.scrollTop, height: event.currentTarget.clientHeight || 600 })}>
        <ul className="file-tree-rows" style={{ height: rows.length * ROW_HEIGHT }} onKeyDown={onKeyDown}>
          {rows.slice(first, last).map((row, i) => (
            <TreeRowView
              key={row.key}
              row={row}
              top={(first + i) * ROW_HEIGHT}
              position={first + i + 1}
              size={rows.length}
              current={row.kind === 'file' && row.file.id === currentFileId}
              tabStop={first + i === active}
              onToggleFolder={toggleFolder}
              onFocusRow={setActiveKey}
            />
          ))}
        </ul>
        {rows.length === 0 ? <p className="muted empty">{filter.trim() === '' ? 'Every file is viewed (and hidden).' : `No file matches “${filter}”.`}</p> : null}
      </div>
    </nav>
  );
}

/** ↑/↓/Home/End move the tab stop (`moveTo` scrolls to the row and focuses it), ←/→ fold and unfold folders. */
function useTreeKeys(rows: readonly TreeRow<ReviewFile>[], active: number, moveTo: (index: number) => void, toggleFolder: (path: string) => void) {
  return (event: React.KeyboardEvent) => {
    const row = rows[active];
    const to = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: rows.length - 1 }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      if (rows.length === 0) return;
      moveTo(Math.min(rows.length - 1, Math.max(0, to)));
    } else if (row?.kind === 'folder' && (event.key === 'ArrowRight') !== row.expanded && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')) {
      event.preventDefault();
      toggleFolder(row.folder.path);
    }
  };
}

interface RowProps {
  row: TreeRow<ReviewFile>;
  top: number;
  position: number;
  size: number;
  current: boolean;
  /** The tree's one Tab stop. */
  tabStop: boolean;
  onToggleFolder(path: string): void;
  onFocusRow(key: string): void;
}

const TreeRowView = memo(function TreeRowView({ row, top, position, size, current, tabStop, onToggleFolder, onFocusRow }: RowProps) {
  const style = { top, height: ROW_HEIGHT, paddingLeft: 8 + row.depth * 14 };
  const roving = { tabIndex: tabStop ? 0 : -1, 'data-row-index': position - 1, onFocus: () => onFocusRow(row.key) };
  if (row.kind === 'folder') {
    return (
      <li className="tree-row" style={{ top, height: ROW_HEIGHT }} aria-setsize={size} aria-posinset={position}>
        <button type="button" className="tree-item tree-folder" style={{ paddingLeft: style.paddingLeft }} aria-expanded={row.expanded} onClick={() => onToggleFolder(row.folder.path)} {...roving}>
          <Icon name={row.expanded ? 'chevronDown' : 'chevronRight'} size={12} />
          <span className="tree-name">{row.folder.name}</span>
        </button>
      </li>
    );
  }
  return <FileRow file={row.file} name={row.name} top={top} padding={style.paddingLeft} position={position} size={size} current={current} roving={roving} />;
});

/** ` (renamed, 87% similar)` after a moved file's paths, when git said how similar. */
function similarityTitle(file: ReviewFile): string {
  const words = similarityWords(file.facts);
  return words ? ` (${words})` : '';
}

type Roving = { tabIndex: number; 'data-row-index': number; onFocus(): void };

function FileRow({ file, name, top, padding, position, size, current, roving }: { file: ReviewFile; name: string; top: number; padding: number; position: number; size: number; current: boolean; roving: Roving }) {
  const controller = useController();
  const viewed = useReview((s) => s.isViewed(file.id));
  const additions = useReview((s) => countsInView(s, file).additions);
  const deletions = useReview((s) => countsInView(s, file).deletions);
  const comments = useReview((s) => s.annotations.reduce((n, a) => (a.path === file.path && a.scope !== 'general' ? n + 1 : n), 0));
  // The agent's pending proposals and the open threads in this file (annotations/waitingItems.ts).
  const waiting = useReview((s) => waitingWordsFor(s, file.path));
  const letter = statusLetter(file.status);
  const label = [
    file.path,
    statusLabel(file.status),
    `${signedCount('+', additions)} ${signedCount('−', deletions)}`,
    comments ? `${comments} ${comments === 1 ? 'comment' : 'comments'}` : '',
    waiting,
    viewed ? 'viewed' : '',
  ]
    .filter(Boolean)
    .join(', ');
  // The only visible text is the file name; the letter and the counts are
  // drawn by CSS (data-text), so the spoken name (the full path, status,
  // counts) contains everything seen, as WCAG's "label in name" asks.
  return (
    <li className="tree-row" style={{ top, height: ROW_HEIGHT }} aria-setsize={size} aria-posinset={position}>
      <button
        type="button"
        className={`tree-item tree-file ${current ? 'is-current' : ''} ${viewed ? 'is-viewed' : ''}`}
        style={{ paddingLeft: padding + 14 }}
        aria-current={current ? 'location' : undefined}
        aria-label={label}
        title={file.oldPath && file.oldPath !== file.path ? `${file.oldPath} → ${file.path}${similarityTitle(file)}` : file.path}
        onClick={(event) => {
          // Opened with the keyboard (Enter: a click without a pointer): the line cursor goes to its first line.
          if (event.detail === 0) openWithKeyboard(controller, file.id);
          else controller.jumpToFile(file.id);
        }}
        {...roving}
      >
        <span className={`status-letter status-${letter}`} data-text={letter} aria-hidden="true" />
        {/* A ranked list's rows show whole paths: cut at the start, so the file's own name stays. */}
        {name.includes('/') ? (
          <span className="tree-name tree-name-path">
            <span>{name}</span>
          </span>
        ) : (
          <span className="tree-name">{name}</span>
        )}
        {comments ? (
          <span className="tree-comments" aria-hidden="true">
            <Icon name="comment" size={12} />
            <span data-text={String(comments)} />
          </span>
        ) : null}
        {waiting ? <span className="tree-waiting" title={`Waiting for you: ${waiting}`} aria-hidden="true" /> : null}
        <ChangeCounts className="tree-counts" additions={additions} deletions={deletions} drawn />
        <span className={`tree-viewed ${viewed ? 'on' : ''}`} aria-hidden="true">
          {viewed ? <Icon name="check" size={12} /> : null}
        </span>
      </button>
    </li>
  );
}

/** After Enter on a row: the cursor on the file's first line, and the keys go to the diff. */
function openWithKeyboard(controller: ReviewController, fileId: string) {
  controller.openFileWithCursor(fileId);
  focusDiff();
}
