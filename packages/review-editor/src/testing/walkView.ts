/** Walking the diff as the keys do, for tests of what a view walks (diffViews/filesInView.ts). */
import { vi } from 'vitest';
import type { ReviewHarness } from './renderWithReview.js';

/** The files and lines the viewport was asked to scroll to, in order. */
export function recordScrolls(h: ReviewHarness): string[] {
  const scrolled: string[] = [];
  h.controller.setViewport({ scrollToTop: vi.fn(), scrollToFile: (id) => scrolled.push(id), scrollToLine: (id) => scrolled.push(id), revealLine: vi.fn() });
  return scrolled;
}

/** Where ↓ takes the cursor in unified view (every line the view holds, in the order shown), `count` times from none: "path side line" each. */
export function walkDown(h: ReviewHarness, count: number): string[] {
  if (h.store.getState().settings.diffStyle !== 'unified') h.store.getState().setSettings({ diffStyle: 'unified' });
  h.controller.leaveLines();
  const seen: string[] = [];
  for (let i = 0; i < count; i++) {
    h.controller.moveLine(1, false);
    const at = h.store.getState().lineCursor!;
    seen.push(`${at.fileId} ${at.at.side} ${at.at.line}`);
  }
  return seen;
}
