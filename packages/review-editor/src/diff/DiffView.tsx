/**
 * The all-files diff: one virtualized CodeView over every file of the
 * review, fed controlled items (buildItems.ts), with React slots for
 * annotations, forms and file header controls. The edit feature, when
 * installed, adds its items view and CodeView's edit callbacks
 * (the `diffEdit` slot, which may be filled after mounting: the feature is
 * fetched when its setting is first on); the EditProvider is always mounted,
 * so turning the feature on never remounts the view.
 */
import { Component, useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { CodeView, EditProvider, useWorkerPool, type CodeViewHandle } from '@pierre/diffs/react';
import { CollapseToggle, FileHeaderActions } from './FileHeaderActions.js';
import { ReviewOverview } from '../annotations/ReviewOverview.js';
import { SlotView } from './SlotView.js';
import { useController, useReview } from '../app/reviewContext.js';
import type { ReviewController } from '../app/reviewController.js';
import type { ReviewStore } from '../app/reviewStore.js';
import { delegatingEditorFactory } from './editorFactory.js';
import { useExtension, type DiffEditHooks } from './extensionSlots.js';
import { createHighlightAhead, diffsAhead, firstDiffs, highlightFirst } from './highlightAhead.js';
import { holdHighlightWhileFlinging, type FlingHighlight } from './flingHighlight.js';
import { whenIdle } from '../ui/whenIdle.js';
import type { SlotMeta } from './slotMeta.js';
import type { ReviewItem } from './buildItems.js';
import { useDiffItems } from './useDiffItems.js';
import { useCodeViewOptions } from './useCodeViewOptions.js';
import { useFollowCurrentFile } from './useFollowCurrentFile.js';
import { LineMenu } from './LineMenu.js';

export function DiffView() {
  const [generation, setGeneration] = useState(0);
  return (
    <DiffErrorBoundary onRetry={() => setGeneration((g) => g + 1)}>
      <DiffCodeView key={generation} />
    </DiffErrorBoundary>
  );
}

function DiffCodeView() {
  const controller = useController();
  const { store } = controller;
  const handle = useRef<CodeViewHandle<SlotMeta, undefined>>(null);
  const edit = useDiffEdit(controller);
  const items = useDiffItems(edit);
  const coloured = useFirstColours(store, items);
  useHighlightAhead(store, items);
  const options = useCodeViewOptions(controller);
  useViewport(controller, handle, coloured);
  const follow = useFollowCurrentFile(controller);
  const noteFling = useHoldHighlightWhileFlinging();
  const onScroll = useCallback<typeof follow>(
    (scrollTop, view) => {
      noteFling(scrollTop, view.getHeight());
      follow(scrollTop, view);
    },
    [follow, noteFling],
  );
  const selection = useReview((s) => s.selection);
  const selectedLines = useMemo(() => (selection ? { id: selection.fileId, range: selection.range } : null), [selection]);

  if (!coloured) return <div className="code-view" style={{ height: '100%' }} aria-busy="true" />;
  return (
    <EditProvider createEditor={delegatingEditorFactory}>
      <CodeView<SlotMeta, undefined>
        ref={handle}
        className="code-view"
        style={{ height: '100%', overflow: 'auto' }}
        items={items}
        options={options}
        {...edit?.codeViewProps}
        selectedLines={selectedLines}
        onSelectedLinesChange={(next) => store.getState().setSelection(next ? { fileId: next.id, range: next.range } : null)}
        onScroll={onScroll}
        renderAnnotation={(...args) => <SlotView meta={args[0].metadata} />}
        renderHeaderPrefix={(item) => <CollapseToggle fileId={item.id} />}
        renderHeaderMetadata={(item) => <FileHeaderActions fileId={item.id} />}
        renderCodeViewHeader={() => <ReviewOverview />}
      />
      <LineMenu />
    </EditProvider>
  );
}

/** The edit feature's hooks into the diff, once it is installed (null before), given the page's worker pool. */
function useDiffEdit(controller: ReviewController): DiffEditHooks | null {
  const diffEdit = useExtension('diffEdit');
  const edit = useMemo(() => diffEdit?.(controller) ?? null, [diffEdit, controller]);
  const pool = useWorkerPool();
  useEffect(() => edit?.setWorkerPool(pool), [edit, pool]);
  return edit;
}

/**
 * How long the page's first diff waits for its colours before it is drawn
 * anyway: the server's first screen (coloured) covers the wait on the
 * review link, the empty diff pane on a reload.
 */
const FIRST_COLOURS_CAP_MS = 2_000;

/** The pools whose first diffs were waited for: once per page (a view remounted after an error does not wait again). */
const firstColoursDone = new WeakSet<object>();

/**
 * False until the diffs the view shows first are highlighted (or
 * FIRST_COLOURS_CAP_MS): drawn before, Pierre painted them plain and then
 * again coloured, and the reviewer saw uncoloured code for 10 to 30 frames
 * once the server's first screen had gone, and on every reload
 * (e2e/firstColours.spec.ts).
 */
function useFirstColours(store: ReviewStore, items: readonly ReviewItem[]): boolean {
  const pool = useWorkerPool();
  const [ready, setReady] = useState(() => !pool || firstColoursDone.has(pool));
  const first = useRef(items);
  useEffect(() => {
    if (ready || !pool) return;
    let live = true;
    void highlightFirst(pool, firstDiffs(diffsAhead(first.current, store.getState().currentFileId)), FIRST_COLOURS_CAP_MS).then(() => {
      firstColoursDone.add(pool);
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [pool, ready, store]);
  return ready;
}

/** The files after the current one are highlighted before they scroll in (highlightAhead.ts). */
function useHighlightAhead(store: ReviewStore, items: readonly ReviewItem[]): void {
  const pool = useWorkerPool();
  const itemsNow = useRef(items);
  const ahead = useMemo(() => (pool ? createHighlightAhead(pool, () => diffsAhead(itemsNow.current, store.getState().currentFileId)) : null), [pool, store]);
  useEffect(() => () => ahead?.stop(), [ahead]);
  useEffect(() => {
    itemsNow.current = items;
    if (!ahead) return;
    // When the page is idle: what is on screen is highlighted first.
    return whenIdle(() => ahead.update(), { timeoutMs: 1000, fallbackMs: 200 });
  }, [ahead, items]);
  useEffect(() => (ahead ? store.subscribe((s, prev) => void (s.currentFileId !== prev.currentFileId && ahead.update())) : undefined), [ahead, store]);
}

/** While the reader flings through the diff, files drawn meanwhile wait for their colours until it slows (flingHighlight.ts). */
function useHoldHighlightWhileFlinging(): (top: number, height: number) => void {
  const pool = useWorkerPool();
  const hold = useRef<FlingHighlight | null>(null);
  useEffect(() => {
    if (!pool) return;
    const installed = holdHighlightWhileFlinging(pool);
    hold.current = installed;
    const onWheel = () => installed.noteWheel();
    document.addEventListener('wheel', onWheel, { capture: true, passive: true });
    return () => {
      document.removeEventListener('wheel', onWheel, { capture: true });
      installed.stop();
      if (hold.current === installed) hold.current = null;
    };
  }, [pool]);
  return useCallback((top: number, height: number) => hold.current?.noteScroll(top, height), []);
}

/**
 * The controller's scrolling (navigator.ts) goes through CodeView. One asked
 * for before CodeView is mounted (it waits for its first colours: the file
 * an address names is jumped to meanwhile) is kept, the last one, and run
 * once it is, two frames later as fileAddress.ts waits (CodeView takes its
 * items in its first render and scrolls once it has them).
 */
function useViewport(controller: ReviewController, handle: RefObject<CodeViewHandle<SlotMeta, undefined> | null>, mounted: boolean): void {
  const pending = useRef<CodeViewScroll | null>(null);
  useEffect(() => {
    const scroll = (target: CodeViewScroll) => {
      if (handle.current) handle.current.scrollTo(target);
      else pending.current = target;
    };
    const line = (id: string, side: 'old' | 'new', lineNumber: number, align: 'center' | 'nearest'): CodeViewScroll => ({ type: 'line', id, lineNumber, side: side === 'old' ? 'deletions' : 'additions', align });
    controller.setViewport({
      scrollToTop: () => scroll({ type: 'position', position: 0 }),
      scrollToFile: (id) => scroll({ type: 'item', id, align: 'start' }),
      scrollToLine: (id, side, lineNumber) => scroll(line(id, side, lineNumber, 'center')),
      revealLine: (id, side, lineNumber) => scroll(line(id, side, lineNumber, 'nearest')),
    });
    return () => controller.setViewport(null);
  }, [controller, handle]);
  useEffect(() => {
    const target = pending.current;
    if (!mounted || !target) return;
    pending.current = null;
    let frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => handle.current?.scrollTo(target))));
    return () => cancelAnimationFrame(frame);
  }, [mounted, handle]);
}

type CodeViewScroll = Parameters<CodeViewHandle<SlotMeta, undefined>['scrollTo']>[0];

class DiffErrorBoundary extends Component<{ children: ReactNode; onRetry(): void }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="diff-error" role="alert">
        <p>
          The diff view failed: <code>{this.state.error.message}</code>
        </p>
        <p>Your comments and marks are safe (they are saved as a draft).</p>
        <button
          type="button"
          className="btn"
          onClick={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        >
          Show the diff again
        </button>
      </div>
    );
  }
}
