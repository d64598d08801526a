/**
 * Moving around the diff: jumping to a file, a line or an annotation,
 * `j`/`k` and `v` on the current file. The diff view registers itself as
 * the viewport.
 */
import type { Side } from '@redline/core';
import type { ReviewStore } from '../app/reviewStore.js';
import { filesInView, filesListed } from '../diffViews/filesInView.js';

/** What the diff view lets the rest of the page do to it. */
export interface DiffViewport {
  scrollToTop(): void;
  scrollToFile(fileId: string): void;
  scrollToLine(fileId: string, side: Side, lineNumber: number): void;
  /** Scrolls only as far as needed to show the line (the line cursor). */
  revealLine(fileId: string, side: Side, lineNumber: number): void;
}

export interface Navigator {
  setViewport(next: DiffViewport | null): void;
  /** How many ms the picked file stays current whatever the scroll does (0: scrolling may change it). */
  currentFilePinnedFor(): number;
  jumpToFile(fileId: string): void;
  /** A file opened from the tree with the keyboard: unfolded if folded, its start at the top edge (held current while the scroll settles). */
  openFile(fileId: string): void;
  jumpToLine(fileId: string, side: Side, lineNumber: number): void;
  jumpToAnnotation(id: string): void;
  /** `j`/`k`: the next or previous file. */
  stepFile(direction: 1 | -1): void;
  /** `v`: marks the current file viewed, or not (the cursor's file, if there is a cursor). Never another file. */
  toggleViewedCurrent(): void;
  /** A file header's Viewed box: while viewed files are hidden, the file marked becomes current, so it stays (shownFiles.ts) until the reader moves on. */
  toggleViewedOf(fileId: string): void;
  /** `Shift+V`: marks the current file viewed and moves to the next file not viewed. */
  markViewedAndNext(): void;
  /** Shows the cursor's line (it becomes the current file, held while the scroll settles). */
  revealCursor(): void;
}

/** How long a jumped-to file stays current while the scroll settles (the last files of a diff can never reach the top edge). */
const PIN_MS = 800;

/** The navigator's own state: the registered viewport and until when the jumped-to file stays current. */
interface Moving {
  store: ReviewStore;
  viewport: DiffViewport | null;
  pinnedUntil: number;
}

export function createNavigator(store: ReviewStore): Navigator {
  const m: Moving = { store, viewport: null, pinnedUntil: 0 };
  store.subscribe((s, prev) => {
    if (s.fileFilter !== prev.fileFilter) followFilter(m);
  });
  return {
    setViewport(next) {
      m.viewport = next;
    },
    currentFilePinnedFor: () => Math.max(0, m.pinnedUntil - performance.now()),
    jumpToFile: (fileId) => jumpToFile(m, fileId),
    openFile: (fileId) => reveal(m, fileId, () => jumpToFile(m, fileId)),
    jumpToLine: (fileId, side, lineNumber) => jumpToLine(m, fileId, side, lineNumber),
    jumpToAnnotation: (id) => jumpToAnnotation(m, id),
    stepFile: (direction) => stepFile(m, direction),
    toggleViewedCurrent: () => toggleViewedCurrent(m),
    toggleViewedOf(fileId) {
      store.getState().toggleViewed(fileId);
      if (store.getState().hideViewed) pin(m, fileId);
    },
    markViewedAndNext: () => markViewedAndNext(m),
    revealCursor() {
      const cursor = store.getState().lineCursor;
      if (!cursor) return;
      pin(m, cursor.fileId);
      reveal(m, cursor.fileId, () => m.viewport?.revealLine(cursor.fileId, cursor.at.side, cursor.at.line));
    },
  };
}

/** The file `v` acts on: the cursor's, else the current one. */
function targetFile(m: Moving): string | null {
  const s = m.store.getState();
  return s.lineCursor?.fileId ?? s.currentFileId;
}

/**
 * Marking a file viewed folds it, and the files below move up: the scroll
 * handler then made the NEXT file current, and fast presses of `v` marked
 * the following files. The file stays current, held
 * at the top, while the scroll settles.
 */
function toggleViewedCurrent(m: Moving) {
  const id = targetFile(m);
  if (!id) return;
  m.store.getState().toggleViewed(id);
  jumpToFile(m, id);
}

function markViewedAndNext(m: Moving) {
  const id = targetFile(m);
  if (!id) return;
  const s = m.store.getState();
  s.setViewed(id, true);
  const files = filesListed(m.store.getState());
  const at = files.findIndex((f) => f.id === id);
  const next = [...files.slice(at + 1), ...files.slice(0, at)].find((f) => !m.store.getState().isViewed(f.id));
  if (s.lineCursor) s.setLineCursor(null);
  jumpToFile(m, next?.id ?? id);
}

function pin(m: Moving, fileId: string) {
  m.pinnedUntil = performance.now() + PIN_MS;
  m.store.getState().setCurrentFile(fileId);
}

/** Unfolds a collapsed file first; `then` runs once its items have reached CodeView. */
function reveal(m: Moving, fileId: string, then: () => void) {
  const s = m.store.getState();
  if (!s.isCollapsed(fileId)) return then();
  s.setCollapsed(fileId, false);
  requestAnimationFrame(() => requestAnimationFrame(then));
}

function jumpToFile(m: Moving, fileId: string) {
  pin(m, fileId);
  m.viewport?.scrollToFile(fileId);
}

function jumpToLine(m: Moving, fileId: string, side: Side, lineNumber: number) {
  pin(m, fileId);
  reveal(m, fileId, () => m.viewport?.scrollToLine(fileId, side, lineNumber));
}

function jumpToAnnotation(m: Moving, id: string) {
  const s = m.store.getState();
  const a = s.annotations.find((x) => x.id === id);
  if (!a) return;
  if (a.scope === 'general') return m.viewport?.scrollToTop();
  if (!s.fileById.has(a.path)) return;
  // A note on a file "Since round N" leaves out (filesInView.ts): its files are listed again, to show it.
  if (!filesListed(s).some((f) => f.id === a.path)) s.setShowUnchanged(true);
  if (a.scope === 'file' || a.outdated) return reveal(m, a.path, () => jumpToFile(m, a.path));
  jumpToLine(m, a.path, a.side ?? 'new', a.startLine ?? 1);
}

/**
 * The file filter changed: with a filter, the first file it shows, from its
 * top (the scroll position kept over fewer files showed the end of the last
 * one); cleared, the file that was current (at the top of the view) stays at
 * the top, so `j` goes on from what the reviewer sees. Once the new list of
 * files has reached CodeView (two frames).
 */
function followFilter(m: Moving) {
  const s = m.store.getState();
  const files = filesInView(s);
  const kept = s.fileFilter === '' && files.some((f) => f.id === s.currentFileId) ? s.currentFileId : null;
  const target = kept ?? files[0]?.id;
  if (!target) return;
  pin(m, target);
  requestAnimationFrame(() => requestAnimationFrame(() => m.viewport?.scrollToFile(target)));
}

function stepFile(m: Moving, direction: 1 | -1) {
  const s = m.store.getState();
  // The view's files (diffViews/filesInView.ts): "since round N" steps over the files changed since.
  const files = filesInView(s);
  const currentFileId = s.currentFileId;
  if (files.length === 0) return;
  const at = files.findIndex((f) => f.id === currentFileId);
  const next = files[Math.min(files.length - 1, Math.max(0, at < 0 ? 0 : at + direction))];
  if (next) jumpToFile(m, next.id);
}
