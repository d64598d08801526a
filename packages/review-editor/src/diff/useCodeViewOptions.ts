/**
 * CodeView's options: the reviewer's settings (split or unified, wrapping,
 * theme), the clicks on the gutter and on lines, and what is done to each
 * file once it is drawn (accessibility, search marks, both line numbers,
 * handing the server's first screen over).
 */
import { useMemo } from 'react';
import type { FileDiffMetadata, SelectedLineRange } from '@pierre/diffs';
import type { CodeViewReactOptions } from '@pierre/diffs/react';
import { useShallow } from 'zustand/react/shallow';
import { useReview } from '../app/reviewContext.js';
import type { ReviewController } from '../app/reviewController.js';
import { selectionToTarget } from '../composer/composerSlice.js';
import { lineOfClick, type LineClickFacts } from '../navigation/lineOfClick.js';
import { handOverFirstScreen } from '../reviewLoading/firstScreen.js';
import { SEARCH_MATCH_CSS, searchMatchRendered } from '../search/searchMatchHighlight.js';
import { BOTH_NUMBERS_CSS, markBothLineNumbers } from './bothLineNumbers.js';
import { fileEndShown } from './fileEndShown.js';
import { FILE_ID_ATTRIBUTE } from './lineAtPoint.js';
import { DIFF_THEMES } from './highlighterPool.js';
import { improveDiffAccessibility } from './improveDiffAccessibility.js';
import type { SlotMeta } from './slotMeta.js';
import { diffLayoutShown, useNarrowWindow } from './useNarrowWindow.js';

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
/* The hover "+": Pierre hangs it out by 1lh - 1ch (13 px), over the line's first character; moved into the number column
   it covered the digits, and a click on a line number (to place the cursor) pressed it. Narrower, it reaches 6 px into
   the code's 1ch of padding, short of the text, and its hit area (4 px more on its left) stays off the number's middle. */
[data-utility-button] { background-color: light-dark(#0969da, #1f6feb); color: #ffffff; width: 14px; margin-right: -6px; }
/* The header's counts are FileHeaderActions' (+2 −1, the tree's order); Pierre's own say -1 +2. */
[data-additions-count], [data-deletions-count] { display: none; }
/* A renamed file's header in a narrow window: the old name gives up its room first, so the new name stays readable (both ellipsize from the left). */
[data-header-content] [data-prev-name] { flex-shrink: 6; min-width: 4ch; }
/* A click on code places the line cursor, but the code stays text to select: no pointer hand. */
[data-interactive-lines] [data-line] { cursor: text; }
/* "More unchanged context may be available" after a last hunk that already reaches the file's end (fileEndShown.ts). */
:host([data-file-end-shown]) [data-separator][data-separator-last] { display: none; }
pre code:focus-visible { outline: 2px solid light-dark(#0969da, #4493f8); outline-offset: -2px; }
/* A file getting ready for editing takes no input (edit/editInputGate.ts): say so under the pointer too. */
:host([data-edit-getting-ready]) pre, :host([data-edit-getting-ready]) pre * { cursor: progress !important; }
/* A caret Pierre does not show does not blink: its CSS animates every caret, hidden or not, so in a two-file edit
   session the file not being typed in blinked its hidden caret for ever, and the page restyled and committed a frame
   at every vsync while the reviewer typed in the other file (p95 to the next frame 18.6 ms against 8.3 ms alone).
   Shown: the focused editor's caret, from 480 px (below, the native caret). docs/upstream/pierre-edit-typing.md, part 4. */
[data-content]:not(:focus) ~ [data-editor-overlay] [data-caret] { animation: none !important; }
@media (width < 480px) { [data-caret] { animation: none !important; } }
`;

type GutterClick = (range: SelectedLineRange, context: { item: { id: string } }) => void;
type LineClick = (props: LineClickFacts, context: { item: { id: string; edit?: boolean } }) => void;

export function useCodeViewOptions(controller: ReviewController): CodeViewReactOptions<SlotMeta, undefined> {
  const [chosenStyle, wordWrap, theme] = useReview(useShallow((s) => [s.settings.diffStyle, s.settings.wordWrap, s.settings.theme] as const));
  const diffStyle = diffLayoutShown(chosenStyle, useNarrowWindow(useReview((s) => s.layout.unifiedBelow)));
  return useMemo<CodeViewReactOptions<SlotMeta, undefined>>(() => {
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
        // The file a right-click is on, for the line's menu (lineAtPoint.ts): a file's id is its path.
        if (instance.fileDiff) node.setAttribute(FILE_ID_ATTRIBUTE, instance.fileDiff.name);
        improveDiffAccessibility(node);
        markBothLineNumbers(node, diffStyle === 'unified' ? instance.fileDiff : undefined);
        // This diff is in the DOM now: the server's first screen can go, its comment form to the app.
        handOverFirstScreen(controller);
      }) as CodeViewReactOptions<SlotMeta, undefined>['onPostRender'],
    };
  }, [controller, diffStyle, wordWrap, theme]);

}
