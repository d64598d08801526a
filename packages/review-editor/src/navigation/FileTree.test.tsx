/**
 * Every file of a 10,254-file review is reachable in the virtualized tree
 * (the XL bench repository): by scrolling to the end, by the keyboard (End, then ↑ and
 * ↓ from there) and by the filter. The bench's walk on XL saw 9,999 rows of
 * 10,254 because its expected count was wrong (git's rename limit,
 * bench/generateRepos.mjs measureChange), not the tree: this holds the tree
 * to it without a browser.
 */
import { act, fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildFileTree, flattenFileTree, type FileFacts } from '@redline/core';
import { makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { FileTree } from './FileTree.js';

const FILES = 10_254;

/** XL's shape: about ten files a folder, folders two and three deep. */
function bigReview() {
  const paths = Array.from({ length: FILES }, (_, i) => `${['src', 'lib', 'crates/engine'][i % 3]}/m${String(i % 1_000).padStart(3, '0')}/f${i}.ts`);
  const patch = paths.map((p) => `diff --git a/${p} b/${p}\nnew file mode 100644\nindex 0000000..3b18e51\n--- /dev/null\n+++ b/${p}\n@@ -0,0 +1 @@\n+x\n`).join('');
  const files: FileFacts[] = paths.map((path) => ({ path, status: 'added', oldPath: null, binary: false, oldMode: null, newMode: '100644', oldBlob: null, newBlob: null, oldSize: null, newSize: 2, additions: 1, deletions: 0, symlink: false, submodule: false }));
  return { review: makeReview(patch, files), paths };
}

/** The last file in the tree's order (folders before files, natural name order). */
function lastPathOf(paths: string[]): string {
  const rows = flattenFileTree(buildFileTree(paths.map((path) => ({ id: path, path }))), new Set());
  const last = rows.filter((row) => row.kind === 'file').at(-1);
  return last?.kind === 'file' ? last.file.path : '';
}

const big = bigReview();
const last = lastPathOf(big.paths);

function setup() {
  const view = renderWithReview(<FileTree />, createHarness(big.review));
  const nav = view.container.querySelector('nav[aria-label="Changed files"]')!;
  const scroller = view.container.querySelector<HTMLDivElement>('.file-tree-scroll')!;
  return { ...view, nav, scroller, last };
}

const fileButton = (root: Element, path: string) => root.querySelector(`.tree-file[title="${path}"]`);

// Loading 10,254 files into the store takes 0.7-2 s a test in happy-dom, 3-4 s with the whole ui
// suite running on a loaded machine (9.5 s for the three): too close to vitest's 5 s default.
describe('FileTree with 10,254 files', { timeout: 30_000 }, () => {
  it('lists every file and renders the last one scrolled to the end', () => {
    const { nav, scroller, last } = setup();
    expect(nav.getAttribute('data-file-count')).toBe(String(FILES));
    expect(fileButton(nav, last)).toBeNull();
    const height = parseFloat(nav.querySelector<HTMLElement>('.file-tree-rows')!.style.height);
    act(() => {
      scroller.scrollTop = height;
      fireEvent.scroll(scroller);
    });
    expect(fileButton(nav, last)).not.toBeNull();
  });

  it('reaches the last file by the keyboard: End, then ↑ and ↓', async () => {
    const { nav, scroller, last } = setup();
    // The tree scrolls to the current file (the first) 150 ms after it is set, at load: a key
    // pressed before that is followed by that scroll (a loaded full ui run failed so).
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    const first = nav.querySelector<HTMLElement>('.tree-item[tabindex="0"]')!;
    act(() => first.focus());
    // No scroll event is sent: happy-dom sends none for a scrollTop write, and in Chromium it can
    // come after the frame the tree focused the row in (on XL End lost the focus that way).
    fireEvent.keyDown(first, { key: 'End' });
    await waitFor(() => expect(document.activeElement?.getAttribute('title')).toBe(last));
    expect(scroller.scrollTop).toBeGreaterThan(0);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement?.getAttribute('title')).not.toBe(last));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.getAttribute('title')).toBe(last));
  });

  it('finds the last file by the filter', () => {
    const { nav, store, last } = setup();
    act(() => store.getState().setFileFilter(last));
    expect(nav.getAttribute('data-file-count')).toBe('1');
    expect(fileButton(nav, last)).not.toBeNull();
  });
});
