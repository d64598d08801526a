/**
 * The page's file notices and the server's first screen say the same thing
 * about the same file, word for word: both take it from the core
 * (fileNotices), and the first screen finds "no lines" by its own reading of
 * the patch, the page by Pierre's. Checked over every kind of file in the
 * KINDS fixture (binary, deleted, symlink, new, pure and changed renames,
 * mode only).
 */
import { describe, expect, it } from 'vitest';
import { buildFirstScreen } from '@redline/core';
import { makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { FileNotices } from './FileNotices.js';

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
});
