/**
 * The page's file notices and the server's first screen say the same thing
 * about the same file, word for word: both take it from the core
 * (fileNotices), and the first screen finds "no lines" by its own reading of
 * the patch, the page by Pierre's. Checked over every kind of file in the
 * KINDS fixture (binary, deleted, symlink, new, pure and changed renames,
 * mode only).
 */
import { describe, expect, it } from 'vitest';
import { buildFirstScreen, splitPatchSections, type PagedReviewData } from '@redline/core';
import { makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { FileNotices, LOADING_NOTICE } from './FileNotices.js';

describe('FileNotices', () => {
  it('words every file as the first screen does', () => {
    const review = makeReview();
    const screen = buildFirstScreen(review, { maxRows: 10_000, maxTreeRows: 100, maxLineChars: 240 });
    expect(screen?.files).toHaveLength(review.files.length);
    const harness = createHarness(review);
    const seen: string[] = [];
    for (const file of screen!.files) {
      const { container, unmount } = renderWithReview(<FileNotices fileId={file.path} />, harness);
      const page = [...container.querySelectorAll('.file-notice')].map((node) => node.textContent);
      unmount();
      expect(page, file.path).toEqual(file.notes);
      seen.push(...page.map(String));
    }
    // The fixture reaches the notices that drifted before (binary, rename only, mode only).
    expect(seen).toEqual(expect.arrayContaining([expect.stringMatching(/^Binary file, not shown · /), 'Renamed from pure.txt without changes', 'File mode changed 100644 → 100755']));
  });

  it("holds a loading file's guessed rows (a paged review), so the page moves little when its diff lands", () => {
    const whole = makeReview();
    const sections = splitPatchSections(whole.patch);
    const paged: PagedReviewData = { ...whole, patch: sections[0]!, pages: { total: sections.length, loaded: [0] } };
    const harness = createHarness(paged);
    const state = harness.store.getState();
    harness.store.setState({ settings: { ...state.settings, diffStyle: 'unified' } });
    const loading = state.files.find((file) => file.loading && file.fileDiff.unifiedLineCount > 0)!;
    const { container } = renderWithReview(<FileNotices fileId={loading.id} />, harness);
    const notice = container.querySelector<HTMLElement>('.file-notice')!;
    expect(notice.textContent).toBe(LOADING_NOTICE);
    expect(notice.style.minHeight).toBe(`${loading.fileDiff.unifiedLineCount * 20}px`);
  });
});
