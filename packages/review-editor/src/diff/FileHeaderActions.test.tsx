/**
 * The small things in a file header and the tree: counts in one
 * order (`+2 −1`) in both, and every Viewed checkbox named with its file.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
});
