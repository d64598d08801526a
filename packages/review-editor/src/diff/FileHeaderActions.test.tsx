/**
 * The small things in a file header and the tree: counts in one
 * order (`+2 −1`) in both, and every Viewed checkbox named with its file.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { splitPatchSections, type PagedReviewData } from '@redline/core';
import { CALC_FILES, CALC_PATCH, KINDS_FILES, KINDS_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { ChangeCounts } from '../ui/ChangeCounts.js';
import { FileHeaderActions } from './FileHeaderActions.js';

afterEach(cleanup);

describe('file header and tree counts', () => {
  it('name every Viewed checkbox with its file', () => {
    const harness = createHarness(makeReview(KINDS_PATCH + CALC_PATCH, [...KINDS_FILES, ...CALC_FILES]));
    renderWithReview(
      <>
        {harness.store.getState().files.map((f) => (
          <FileHeaderActions key={f.id} fileId={f.id} />
        ))}
      </>,
      harness,
    );
    const names = screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'));
    expect(names).toEqual(harness.store.getState().files.map((f) => `Viewed ${f.path}`));
    expect(screen.getByRole('checkbox', { name: 'Viewed src/calc.ts' })).toBeTruthy();
  });

  it('show additions before deletions, in the header as text and in the tree as drawn', () => {
    const harness = createHarness(makeReview(CALC_PATCH, CALC_FILES));
    const { container } = renderWithReview(<FileHeaderActions fileId="src/calc.ts" />, harness);
    expect(container.querySelector('.file-counts')?.textContent).toBe('+2−2');
    const drawn = render(<ChangeCounts className="tree-counts" additions={12} deletions={9} drawn />).container;
    expect([...drawn.querySelectorAll('[data-text]')].map((el) => el.getAttribute('data-text'))).toEqual(['+12', '−9']);
  });

  it("disable a file's Viewed checkbox while its diff is still loading (a paged review), and enable it once it lands", () => {
    const whole = makeReview(KINDS_PATCH + CALC_PATCH, [...KINDS_FILES, ...CALC_FILES]);
    const harness = createHarness(whole);
    const last = harness.store.getState().files.at(-1)!;
    const sections = splitPatchSections(whole.patch);
    const held = whole.files.findIndex((facts) => facts.path === last.path);
    const loaded = sections.map((_, index) => index).filter((index) => index !== held);
    const paged: PagedReviewData = { ...whole, patch: loaded.map((index) => sections[index]).join(''), pages: { total: sections.length, loaded } };
    harness.store.getState().loadReview(paged, null);
    renderWithReview(<FileHeaderActions fileId={harness.store.getState().files.at(-1)!.id} />, harness);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: `Viewed ${last.path}` });
    expect(box.disabled).toBe(true);
    harness.controller.toggleViewedOf(harness.store.getState().files.at(-1)!.id);
    expect(harness.store.getState().viewed).toEqual({});
    cleanup();
    harness.store.getState().loadReview(whole, null);
    renderWithReview(<FileHeaderActions fileId={harness.store.getState().files.at(-1)!.id} />, harness);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: `Viewed ${last.path}` }).disabled).toBe(false);
  });
});
