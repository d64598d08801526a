/**
 * The file tree's rows in the window (FileTree.tsx): the virtual window
 * (a fixed row height and only the visible rows rendered), the current
 * file's row kept in sight, the folders folded, and the one Tab stop moved
 * by the keyboard.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { TreeRow } from '@redline/core';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';

export const ROW_HEIGHT = 26;
/** How long the current file stays put before the tree scrolls to it. */
const TREE_FOLLOW_DELAY_MS = 150;

type Viewport = { top: number; height: number };
type Scroller = RefObject<HTMLDivElement | null>;

/** The folders folded, and one toggle for the tree's life. */
export function useCollapsedFolders(): [ReadonlySet<string>, (path: string) => void] {
  const [collapsedFolders, setCollapsedFolders] = useState<ReadonlySet<string>>(new Set());
  // One function for the tree's life: a new one each render made every row (memo) render again
  // each time the current file changed, i.e. at every file passed while the diff scrolls.
  const toggleFolder = useCallback(
    (path: string) =>
      setCollapsedFolders((prev) => {
        const next = new Set(prev);
        if (next.has(path)) next.delete(path);
        else next.add(path);
        return next;
      }),
    [],
  );
  return [collapsedFolders, toggleFolder];
}

/** The scroller's position and height, and the last ones seen (for reading without a layout). */
export function useTreeViewport(scroller: Scroller) {
  const [viewport, setViewport] = useState<Viewport>({ top: 0, height: 600 });
  // Sized by a ResizeObserver, whose first observation comes with the first
  // layout: measuring in the effect itself forced a layout of the whole page in
  // the middle of the first render (bench profile: about 90 ms on S).
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setViewport({ top: el.scrollTop, height: el.clientHeight || 600 });
    if (typeof ResizeObserver !== 'function') return measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [scroller]);
  const seen = useRef(viewport);
  useEffect(() => {
    seen.current = viewport;
  }, [viewport]);
  return { viewport, setViewport, seen };
}

/**
 * Keep the current file's row in sight as the diff scrolls, once the
 * current file has stayed put for a moment: moving the tree's scroll
 * position forces a layout of the whole page, which while the diff scrolls
 * (CodeView rewriting its rows every frame) cost a full layout per file
 * passed (bench profile, scrolling L: 12% of the main thread's time).
 * Whether the row is in sight comes from the tree's own record of its
 * scroll position and height (kept by its scroll and resize handlers):
 * reading el.scrollTop/clientHeight here forced that layout on every file
 * passed, scrolled or not (bench CPU profile, scrolling L: 3.8 s, 3.1% of
 * the main thread); only a row out of sight writes, and so lays out, now.
 */
export function useCurrentRowInSight(scroller: Scroller, seen: RefObject<Viewport>, rows: readonly TreeRow<ReviewFile>[], currentFileId: string | null): void {
  useEffect(() => {
    if (!currentFileId) return;
    const timer = setTimeout(() => {
      const el = scroller.current;
      if (!el) return;
      const index = rows.findIndex((r) => r.kind === 'file' && r.file.id === currentFileId);
      if (index < 0) return;
      const top = index * ROW_HEIGHT;
      const { top: scrollTop, height } = seen.current;
      if (top < scrollTop || top + ROW_HEIGHT > scrollTop + height) {
        el.scrollTop = Math.max(0, top - height / 2);
      }
    }, TREE_FOLLOW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [scroller, seen, currentFileId, rows]);
}

/** The tree's one Tab stop (a roving tab index): the row it is on, and moving it with the keyboard. */
export function useRovingRow(scroller: Scroller, rows: readonly TreeRow<ReviewFile>[], setViewport: (viewport: Viewport) => void) {
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const active = useMemo(() => Math.max(0, rows.findIndex((r) => r.key === activeKey)), [rows, activeKey]);
  // A row moved to by the keyboard is focused in the render that shows it. It used to be focused
  // in the next frame, found by its index; but the window only moved at the scroll event, which
  // can come after that frame: on XL, End scrolled to the last row and the focus was lost (the
  // focused first row unmounted, the last not yet rendered).
  const focusPending = useRef(false);
  useLayoutEffect(() => {
    if (!focusPending.current) return;
    const row = scroller.current?.querySelector<HTMLElement>(`[data-row-index="${active}"]`);
    if (!row) return;
    focusPending.current = false;
    row.focus();
  });
  const moveTo = (index: number) => {
    const key = rows[index]!.key;
    const scrolled = scroller.current ? scrollRowIntoView(scroller.current, index, setViewport) : false;
    setActiveKey(key);
    // No new render (the same row, already in sight): focus it now, or a later render would.
    if (scrolled || key !== activeKey) focusPending.current = true;
    else scroller.current?.querySelector<HTMLElement>(`[data-row-index="${index}"]`)?.focus();
  };
  return { active, moveTo, setActiveKey };
}

/** Brings row `index` into the scroller, and the virtual window with it in the same render; false when it was in sight. */
function scrollRowIntoView(scroller: HTMLDivElement, index: number, setViewport: (viewport: Viewport) => void): boolean {
  const top = index * ROW_HEIGHT;
  const height = scroller.clientHeight || 600;
  if (top >= scroller.scrollTop && top + ROW_HEIGHT <= scroller.scrollTop + height) return false;
  scroller.scrollTop = Math.max(0, top - height / 2);
  setViewport({ top: scroller.scrollTop, height });
  return true;
}
