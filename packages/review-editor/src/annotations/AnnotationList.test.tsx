import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { CALC_FILES, CALC_PATCH, KINDS_FILES, KINDS_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { AnnotationList } from './AnnotationList.js';

afterEach(cleanup);

function harnessWithAnnotations() {
  const harness = createHarness(makeReview(KINDS_PATCH + CALC_PATCH, [...KINDS_FILES, ...CALC_FILES]));
  const s = harness.store.getState();
  s.addAnnotation({ id: 'l1', kind: 'comment', scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 9, endLine: 9, text: 'Bump on purpose?', createdAt: '2025-01-01T00:00:01Z' });
  s.addAnnotation({ id: 'g1', kind: 'comment', scope: 'general', path: '', text: 'Looks good overall', createdAt: '2025-01-01T00:00:02Z' });
  s.addAnnotation({ id: 'f1', kind: 'comment', scope: 'file', path: 'mod.txt', text: 'Why uppercase?', createdAt: '2025-01-01T00:00:03Z' });
  s.addAnnotation({ id: 's1', kind: 'suggestion', scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 1, endLine: 2, text: '', originalCode: 'a\nb', suggestedCode: 'c', deletion: false, revision: null, createdAt: '2025-01-01T00:00:04Z' });
  s.addAnnotation({ id: 's2', kind: 'suggestion', scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 2, endLine: 2, text: 'tighter', originalCode: 'b', suggestedCode: 'd', deletion: false, revision: null, createdAt: '2025-01-01T00:00:05Z' });
  return harness;
}

describe('AnnotationList', () => {
  it('invites the reviewer to comment when there is nothing yet', () => {
    renderWithReview(<AnnotationList />);
    expect(screen.getByText('No comments yet.')).toBeTruthy();
  });

  it('groups annotations by file: General first, then files in diff order, lines in order', () => {
    renderWithReview(<AnnotationList />, harnessWithAnnotations());
    const groups = screen.getAllByRole('region').map((g) => g.getAttribute('aria-label'));
    expect(groups).toEqual(['General', 'src/calc.ts', 'mod.txt']); // the diff's order is the tree's: folders first
    const calc = within(screen.getByRole('region', { name: 'src/calc.ts' }));
    const items = calc.getAllByRole('button', { name: /^(Comment|Suggestion) / }).map((b) => b.textContent);
    expect(items).toEqual(['Suggestion Lines 1–2 (new) Overlap c', 'Suggestion Line 2 (new) Overlap tighter', 'Comment Line 9 (new) Bump on purpose?']);
    expect(calc.getAllByText('Overlap')).toHaveLength(2);
  });

  it('deletes with Delete, and Undo in the toast brings it back', () => {
    const harness = harnessWithAnnotations();
    renderWithReview(<AnnotationList />, harness);
    fireEvent.click(screen.getByRole('button', { name: 'Delete comment on File comment in mod.txt' }));
    expect(screen.queryByRole('region', { name: 'mod.txt' })).toBeNull();
    const toast = harness.store.getState().toasts.at(-1)!;
    act(() => harness.store.getState().undoDelete(toast.id));
    expect(screen.getByRole('region', { name: 'mod.txt' })).toBeTruthy();
  });

  it('opens the editing form for Edit', () => {
    const harness = harnessWithAnnotations();
    renderWithReview(<AnnotationList />, harness);
    fireEvent.click(screen.getByRole('button', { name: 'Edit comment on Line 9 (new) in src/calc.ts' }));
    expect(harness.store.getState().composer).toMatchObject({ editingId: 'l1', text: 'Bump on purpose?', kind: 'comment' });
  });
});
