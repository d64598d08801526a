/**
 * The pairing control on a deleted file's header: the added files listed,
 * the likeliest first; choosing one sends the whole list of pairs and reads
 * the diff again; a paired file offers Unpair, which sends the list without it.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileFacts } from '@redline/core';
import { FileHeaderActions } from '../diff/FileHeaderActions.js';
import { KINDS_FILES, KINDS_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { pairCandidates } from './manualPairs.js';

afterEach(cleanup);

describe('pairing a deleted file with an added one', () => {
  it('lists the added files, the same name first, and sends the pair', async () => {
    const h = createHarness(makeReview(KINDS_PATCH, KINDS_FILES));
    const files = h.store.getState().files;
    const deleted = files.find((file) => file.path === 'del.txt')!;
    expect(pairCandidates(files, deleted).map((file) => file.path)).toEqual(['new.ts', 'nonl.txt']);
    const renamed = { ...deleted, path: 'dir/del.md' };
    expect(pairCandidates([...files, { ...files.find((f) => f.path === 'nonl.txt')!, path: 'dir/del.ts' }], renamed).map((f) => f.path)[0]).toBe('dir/del.ts');

    renderWithReview(<FileHeaderActions fileId="del.txt" />, h);
    const select = screen.getByRole('combobox', { name: 'Compare del.txt with an added file' });
    // Ranked when the reviewer goes to it, not as the header is drawn (headers are drawn again as the diff scrolls).
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Compare with an added file…']);
    fireEvent.focus(select);
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Compare with an added file…', 'new.ts', 'nonl.txt']);
    fireEvent.change(select, { target: { value: 'new.ts' } });
    await vi.waitFor(() => expect(h.api.calls).toContain('pairs del.txt→new.ts'));
  });

  it('is not offered when the review has no added text file', () => {
    const h = createHarness(makeReview(KINDS_PATCH, KINDS_FILES.map((f) => (f.status === 'added' ? { ...f, binary: true } : f))));
    renderWithReview(<FileHeaderActions fileId="del.txt" />, h);
    expect(screen.queryByRole('combobox', { name: /Compare/ })).toBeNull();
  });

  it('a file the reviewer paired says so and unpairs', async () => {
    const paired: FileFacts = { ...KINDS_FILES.find((f) => f.path === 'new.ts')!, status: 'renamed', oldPath: 'del.txt', similarity: null, pairedByReviewer: true };
    const h = createHarness(makeReview(KINDS_PATCH, KINDS_FILES.map((f) => (f.path === 'new.ts' ? paired : f))));
    renderWithReview(<FileHeaderActions fileId="new.ts" />, h);
    expect(screen.getByText('Paired by you')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Compare/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unpair del.txt and new.ts' }));
    await vi.waitFor(() => expect(h.api.calls).toContain('pairs '));
  });
});
