/**
 * The all-files diff: one virtualized CodeView over every file of the
 * review, fed controlled items (buildItems.ts), with React slots for
 * annotations, forms and file header controls. The edit feature, when
 * installed, adds its items view and CodeView's edit callbacks
 * (the `diffEdit` slot, which may be filled after mounting: the feature is
 * fetched when its setting is first on); the EditProvider is always mounted,
 * so turning the feature on never remounts the view.
 */
import { Component, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { CodeView as CodeViewInstance, FileDiffMetadata, SelectedLineRange } from '@pierre/diffs';
import { CodeView, EditProvider, useWorkerPool, type CodeViewHandle, type CodeViewReactOptions } from '@pierre/diffs/react';
import { useShallow } from 'zustand/react/shallow';
import { CollapseToggle, FileHeaderActions } from './FileHeaderActions.js';
import { ReviewOverview } from '../annotations/ReviewOverview.js';
import { SlotView } from './SlotView.js';
import { useController, useReview } from '../app/reviewContext.js';
import { handOverFirstScreen } from '../reviewLoading/firstScreen.js';
import { selectionToTarget } from '../composer/composerSlice.js';
import { createItemsBuilder } from './buildItems.js';
import { delegatingEditorFactory } from './editorFactory.js';
import { useExtension } from './extensionSlots.js';
import { DIFF_THEMES } from './highlighterPool.js';
import { fileEndShown } from './fileEndShown.js';
import { createHighlightAhead, diffsAhead } from './highlightAhead.js';
import { improveDiffAccessibility } from './improveDiffAccessibility.js';
import { whenIdle } from '../ui/whenIdle.js';
import { useNarrowWindow } from './useNarrowWindow.js';
import { lineOfClick, type LineClickFacts } from '../navigation/lineOfClick.js';
import { SEARCH_MATCH_CSS, searchMatchRendered } from '../search/searchMatchHighlight.js';
import type { SlotMeta } from './slotMeta.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import { roundFileView, roundViewShown } from '../threads/roundView.js';
import { commitSpanFileView, commitSpanShown } from '../commits/commitsView.js';
import { shownFiles } from '../navigation/shownFiles.js';
import { BOTH_NUMBERS_CSS, markBothLineNumbers } from './bothLineNumbers.js';

/**
 * Inside Pierre's shadow DOM: GitHub-like density, and text dark enough to
 * read (WCAG AA, 4.5:1 for 12px text): the header counts, and the light
 * theme's comment gray, which falls to 3.3:1 on changed-word highlights.
 * (The high-contrast GitHub themes are chosen for the same reason: the
 * default ones fail on every tinted diff line.)
 */
const DIFF_CSS = `
${SEARCH_MATCH_CSS}
${BOTH_NUMBERS_CSS}
:host {
  --diffs-font-size: 12px;
  --diffs-line-height: 20px;
  /* Selected lines: a yellow that keeps the code readable (light) / dark enough for light tokens (dark). */
  --diffs-bg-selection-override: light-dark(#fff3b0, #4a3b00);
  --diffs-bg-selection-number-override: light-dark(#f5d76e, #6b5500);
  /* The editor's selection (edit mode): the high-contrast themes' own is near black, hiding the text. */
  --diffs-editor-selection-bg: light-dark(#b6d3fc, #1f4f85) !important;
}
span[style*="--diffs-token-light:#66707B" i] { --diffs-token-light: #4b535d !important; }
[data-utility-button] { background-color: light-dark(#0969da, #1f6feb); color: #ffffff; }
/* The header's counts are FileHeaderActions' (+2 −1, the tree's order); Pierre's own say -1 +2. */
[data-additions-count], [data-deletions-count] { display: none; }
/* A click on code places the line cursor, but the code stays text to select: no pointer hand. */
[data-interactive-lines] [data-line] { cursor: text; }
/* "More unchanged context may be available" after a last hunk that already reaches the file's end (fileEndShown.ts). */
:host([data-file-end-shown]) [data-separator][data-separator-last] { display: none; }
pre code:focus-visible { outline: 2px solid light-dark(#0969da, #4493f8); outline-offset: -2px; }
/* A file getting ready for editing takes no input (edit/editInputGate.ts): say so under the pointer too. */
:host([data-edit-getting-ready]) pre, :host([data-edit-getting-ready]) pre * { cursor: progress !important; }
`;

type GutterClick = (range: SelectedLineRange, context: { item: { id: string } }) => void;
type LineClick = (props: LineClickFacts, context: { item: { id: string; edit?: boolean } }) => void;

const noSubscription = () => () => undefined;
const noSnapshot = () => '';

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
  const build = useMemo(createItemsBuilder, []);
  const diffEdit = useExtension('diffEdit');
  const edit = useMemo(() => diffEdit?.(controller) ?? null, [diffEdit, controller]);
  const editSnapshot = useSyncExternalStore(edit?.subscribe ?? noSubscription, edit?.snapshot ?? noSnapshot);
  const pool = useWorkerPool();
  useEffect(() => edit?.setWorkerPool(pool), [edit, pool]);

  // The filter and "hide viewed files" narrow the diff (navigation/shownFiles.ts).
  const files = useReview(shownFiles);
  const annotations = useReview((s) => s.annotations);
  const threads = useReview((s) => s.review?.rounds?.threads);
  const proposals = useReview((s) => s.proposals);
  const collapsed = useReview((s) => s.collapsed);
  const viewed = useReview((s) => s.viewed);
  const renderedFiles = useReview((s) => s.renderedFiles);
  // The form's position matters to the items, not what is typed in it.
  const composerSlot = useReview((s) => (s.composer ? `${s.composer.key}|${s.composer.editingId ?? ''}|${JSON.stringify(s.composer.target)}` : ''));
  const settings = useReview(useShallow((s) => [s.settings.diffStyle, s.settings.wordWrap, s.settings.theme] as const));
  const selection = useReview((s) => s.selection);
  const roundShown = useReview(roundViewShown);
  const spanShown = useReview(commitSpanShown);

  const items = useMemo(() => {
    const s = store.getState();
    // A commit span (commits/) is shown through the round view's slot: it wins over a round view.
    const roundView = (file: ReviewFile) => commitSpanFileView(store.getState(), file) ?? roundFileView(store.getState(), file);
    return build({ files, annotations, threads, proposals, composer: s.composer, isCollapsed: s.isCollapsed, isRendered: (id) => renderedFiles.has(id), roundView, ...(edit ? { editView: edit.itemView } : {}) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- collapsed, viewed, composerSlot, editSnapshot, roundShown and spanShown change what isCollapsed/composer/editView/roundView return
  }, [build, store, files, annotations, threads, proposals, collapsed, viewed, renderedFiles, composerSlot, edit, editSnapshot, roundShown, spanShown]);

  // The files after the current one are highlighted before they scroll in (highlightAhead.ts).
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

  const [chosenStyle, wordWrap, theme] = settings;
  // Below the reviewer's width a split diff shows unified: at 800 px, split left the comment form's button off screen.
  const narrow = useNarrowWindow(useReview((s) => s.layout.unifiedBelow));
  const diffStyle = narrow ? 'unified' : chosenStyle;
  const options = useMemo<CodeViewReactOptions<SlotMeta, undefined>>(() => {
    const onGutterUtilityClick: GutterClick = (range, context) => {
      controller.openComment(selectionToTarget({ fileId: context.item.id, range }));
    };
    // A click on a line focuses it and puts the line cursor there, as on GitHub;
    // commenting takes the gutter's "+", a drag over the numbers, `c` or Enter
    // (a click just to focus a line opened a form that took the next key).
    // A file being edited is the editor's: its clicks place the caret.
    const onLineClick: LineClick = (props, context) => {
      const at = context.item.edit === true ? null : lineOfClick(props);
      if (at) controller.placeCursor(context.item.id, at.side, at.line);
    };
    return {
      theme: DIFF_THEMES,
      themeType: theme,
      diffStyle,
      overflow: wordWrap ? 'wrap' : 'scroll',
      hunkSeparators: 'line-info',
      stickyHeaders: true,
      enableLineSelection: true,
      enableGutterUtility: true,
      lineDiffType: 'word-alt',
      maxLineDiffLength: 1000,
      expansionLineCount: 20,
      loadDiffFiles: controller.loadDiffFiles,
      onGutterUtilityClick: onGutterUtilityClick as CodeViewReactOptions<SlotMeta, undefined>['onGutterUtilityClick'],
      onLineClick: onLineClick as CodeViewReactOptions<SlotMeta, undefined>['onLineClick'],
      unsafeCSS: DIFF_CSS,
      onPostRender: ((node: HTMLElement, instance: { fileDiff?: FileDiffMetadata }, phase: string) => {
        searchMatchRendered(node, instance.fileDiff?.name, phase);
        if (phase === 'unmount') return;
        node.toggleAttribute('data-file-end-shown', instance.fileDiff !== undefined && fileEndShown(instance.fileDiff));
        improveDiffAccessibility(node);
        markBothLineNumbers(node, diffStyle === 'unified' ? instance.fileDiff : undefined);
        // This diff is in the DOM now: the server's first screen can go, its comment form to the app.
        handOverFirstScreen(controller);
      }) as CodeViewReactOptions<SlotMeta, undefined>['onPostRender'],
    };
  }, [controller, diffStyle, wordWrap, theme]);

  useEffect(() => {
    controller.setViewport({
      scrollToTop: () => handle.current?.scrollTo({ type: 'position', position: 0 }),
      scrollToFile: (id) => handle.current?.scrollTo({ type: 'item', id, align: 'start' }),
      scrollToLine: (id, side, lineNumber) =>
        handle.current?.scrollTo({ type: 'line', id, lineNumber, side: side === 'old' ? 'deletions' : 'additions', align: 'center' }),
      revealLine: (id, side, lineNumber) =>
        handle.current?.scrollTo({ type: 'line', id, lineNumber, side: side === 'old' ? 'deletions' : 'additions', align: 'nearest' }),
    });
    return () => controller.setViewport(null);
  }, [controller]);

  // The current file is the last one whose top has scrolled past the top edge
  // (at the very bottom, a file the reviewer picked stays current if visible).
  // Only CodeView's own numbers are read (logical positions, its cached
  // viewport height): reading the scroller's scrollHeight/clientHeight here,
  // right after CodeView had written the DOM, forced a layout every frame
  // (bench profile: a third of the main thread's time while scrolling M).
  // Right after a jump the picked file stays current; a scroll meanwhile is
  // looked at once that pin ends.
  const frame = useRef(0);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commit = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<string | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(retry.current);
      clearTimeout(commit.current);
    },
    [],
  );
  const onScroll = useCallback(
    function follow(scrollTop: number, view: CodeViewInstance<SlotMeta, undefined>) {
      cancelAnimationFrame(frame.current);
      clearTimeout(retry.current);
      frame.current = requestAnimationFrame(() => {
        const pinnedFor = controller.currentFilePinnedFor();
        if (pinnedFor > 0) {
          retry.current = setTimeout(() => follow(view.getScrollTop(), view), pinnedFor);
          return;
        }
        const height = view.getHeight();
        const s = store.getState();
        if (s.currentFileId && scrollTop + height >= view.getScrollHeight() - 4) {
          const top = view.getTopForItem(s.currentFileId);
          if (top !== undefined && top >= scrollTop && top < scrollTop + height) return;
        }
        // Files are CodeView's items in order, their tops increasing: the last
        // one starting above the top edge, by binary search over CodeView's own
        // (estimated where not yet rendered) positions. Not the rendered items:
        // after a long jump they are still the ones CodeView is about to replace.
        const files = shownFiles(s);
        let low = 0;
        let high = files.length - 1;
        let current = 0;
        while (low <= high) {
          const mid = (low + high) >> 1;
          const top = view.getTopForItem(files[mid]!.id);
          if (top !== undefined && top <= scrollTop + 8) {
            current = mid;
            low = mid + 1;
          } else high = mid - 1;
        }
        const picked = files[current];
        if (!picked) return;
        // Written after this frame, not in it: the write re-renders the tree, which inside
        // the scroll's frame made its longest tasks longer (bench trace, scrolling S one
        // viewport a frame: 12-34 ms of React in each frame that passed a file). One write
        // is pending at a time and takes the latest file, so frames coming faster than the
        // write (a long scroll) never put it off.
        pending.current = picked.id;
        commit.current ??= setTimeout(() => {
          commit.current = undefined;
          const id = pending.current;
          pending.current = undefined;
          if (id === undefined || controller.currentFilePinnedFor() > 0) return; // a jump came in between: it wins
          store.getState().setCurrentFile(id);
        }, 0);
      });
    },
    [controller, store],
  );

  const selectedLines = useMemo(() => (selection ? { id: selection.fileId, range: selection.range } : null), [selection]);

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
    </EditProvider>
  );
}

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
