/**
 * Unified view with two line-number columns, old and new, as GitHub draws
 * it. Pierre 1.x has no option for it: its unified gutter holds one number
 * per row (the new one, the old one for a deleted line; renderers/
 * DiffHunksRenderer.js, `pushGutterLineNumber("unified", …)`). So after each
 * render (onPostRender, which Pierre also calls when the rendered window of
 * a long file moves) the number in every unified gutter cell gets both
 * numbers as attributes, and DiffView's CSS draws them in place of Pierre's
 * one: as the number's own ::before and ::after, since the cell's ::before
 * is Pierre's change bar.
 */
import type { FileDiffMetadata, Hunk } from '@pierre/diffs';

/** The host attribute DiffView's CSS draws the two columns by. */
export const BOTH_NUMBERS_ATTRIBUTE = 'data-both-line-numbers';

/** The line after a hunk's side: git writes `start,0` for an empty side, meaning "after line start". */
const lineAfter = (start: number, count: number) => (count === 0 ? start + 1 : start + count);

/** The old line number of the unchanged line shown as `newLine` in the new file (inside a hunk or in a gap between hunks). */
export function oldLineOfUnchanged(hunks: readonly Hunk[], newLine: number): number {
  let shift = 0; // new minus old, after the hunks passed
  for (const hunk of hunks) {
    if (newLine < hunk.additionStart) break;
    const newAfter = lineAfter(hunk.additionStart, hunk.additionCount);
    if (newLine >= newAfter) {
      shift = newAfter - lineAfter(hunk.deletionStart, hunk.deletionCount);
      continue;
    }
    let newAt = hunk.additionStart;
    let oldAt = hunk.deletionStart;
    for (const block of hunk.hunkContent) {
      if (block.type === 'context' && newLine < newAt + block.lines) return oldAt + (newLine - newAt);
      newAt += block.type === 'context' ? block.lines : block.additions;
      oldAt += block.type === 'context' ? block.lines : block.deletions;
    }
    break;
  }
  return newLine - shift;
}

/** Gives each unified gutter cell its old and new numbers (`fileDiff` undefined: split view, nothing to add). */
export function markBothLineNumbers(host: HTMLElement, fileDiff: FileDiffMetadata | undefined): void {
  host.toggleAttribute(BOTH_NUMBERS_ATTRIBUTE, fileDiff !== undefined);
  const root = host.shadowRoot;
  if (!fileDiff || !root) return;
  const last = Math.max(fileDiff.additionLines.length, fileDiff.deletionLines.length, ...fileDiff.hunks.map((h) => Math.max(h.additionStart + h.additionCount, h.deletionStart + h.deletionCount)));
  host.style.setProperty('--redline-number-width', `${Math.max(3, String(last).length)}ch`);
  for (const cell of root.querySelectorAll<HTMLElement>('[data-column-number]')) {
    const shown = cell.querySelector<HTMLElement>('[data-line-number-content]');
    const number = Number(cell.dataset.columnNumber);
    if (!shown || !Number.isFinite(number)) continue;
    const type = cell.dataset.lineType ?? '';
    const deleted = type === 'change-deletion';
    shown.dataset.oldNumber = deleted ? String(number) : type === 'change-addition' ? '' : String(oldLineOfUnchanged(fileDiff.hunks, number));
    shown.dataset.newNumber = deleted ? '' : String(number);
  }
}

/** The CSS (inside Pierre's shadow root) drawing the two columns, each as wide as the file's longest number. */
export const BOTH_NUMBERS_CSS = `
/* font-size 0 hides Pierre's one number; line-height 0 keeps the cell's own 20 px line box the row's height (with the
   cell's line-height, the text-less line box and the numbers' baseline made every unified row 23 px, while CodeView
   lays rows out at 20 px: e2e/firstColours.spec.ts). */
:host([${BOTH_NUMBERS_ATTRIBUTE}]) [data-line-number-content][data-new-number] { font-size: 0; line-height: 0; }
:host([${BOTH_NUMBERS_ATTRIBUTE}]) [data-line-number-content][data-new-number]::before,
:host([${BOTH_NUMBERS_ATTRIBUTE}]) [data-line-number-content][data-new-number]::after { display: inline-block; font-size: var(--diffs-font-size, 12px); line-height: var(--diffs-line-height, 20px); min-width: var(--redline-number-width, 3ch); text-align: right; }
:host([${BOTH_NUMBERS_ATTRIBUTE}]) [data-line-number-content][data-new-number]::before { content: attr(data-old-number); }
:host([${BOTH_NUMBERS_ATTRIBUTE}]) [data-line-number-content][data-new-number]::after { content: attr(data-new-number); margin-left: 1ch; }
`;
