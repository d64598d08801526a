/**
 * Commit by commit on the page: the selector lists the range's
 * commits (none for a working-tree review), one commit or a span shows only
 * its change, the choice lives in `#commits=`, and a comment in a span is an
 * annotation on the range's own lines or refused with the reason.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RangeCommit, ReviewData } from '@redline/core';
import { CALC_FILES, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview, type ReviewHarness } from '../testing/renderWithReview.js';
import { CommitSelector } from './CommitSelector.js';
import { commitCommentRefusal, NOT_COMPARED, NOT_IN_RANGE, OLD_SIDE } from './commitCommentRefusal.js';
import { fileView } from '../diffViews/diffShown.js';
import { readDiffViewAddress } from '../diffViews/diffViewAddress.js';
import { showDiff } from '../diffViews/showDiff.js';
import { startCommits } from './rangeCommits.js';

const readCommitsHash = () => readDiffViewAddress().commitSpan;
/** The commit selector's choice: a span, or the whole range (null). */
const showCommitSpan = (h: ReviewHarness, span: { from: string; to: string } | null) =>
  span === null ? h.store.getState().chooseCommitSpan(null) : showDiff(h.store, h.api, { kind: 'span', span });

afterEach(() => {
  cleanup();
  history.replaceState(null, '', '/');
});

const [C1, C2, C3] = ['1'.repeat(40), '2'.repeat(40), '3'.repeat(40)];
const commit = (sha: string, subject: string): RangeCommit => ({ sha, shortSha: sha.slice(0, 7), subject, author: 'Redline Test', authoredAt: '2026-12-01T16:00:00+00:00' });
const COMMITS = [commit(C1, 'Add zero'), commit(C2, 'Version 3'), commit(C3, 'Version 2')];

const section = (hunk: string[]) => ['diff --git a/src/calc.ts b/src/calc.ts', 'index 1111111..2222222 100644', '--- a/src/calc.ts', '+++ b/src/calc.ts', ...hunk, ''].join('\n');
/** Commit 1 is the range's line 2; commit 2 set VERSION to 3 (the range ends on 2), its hunk reaching line 6, outside the range's hunks. */
const SPANS = new Map([
  [`${C1}..${C1}`, section(['@@ -1,3 +1,3 @@', ' export function add(a: number, b: number) {', '-  return a + b;', '+  return a + b + 0;', ' }'])],
  [`${C2}..${C2}`, section(['@@ -6,4 +6,4 @@', ' export function sub(a: number, b: number) {', '   return a - b;', ' ', '-export const VERSION = 1;', '+export const VERSION = 3;'].slice(0, 9))],
  [`${C3}..${C3}`, section(['@@ -9,1 +9,1 @@', '-export const VERSION = 3;', '+export const VERSION = 2;'])],
  [`${C2}..${C3}`, section(['@@ -9,1 +9,1 @@', '-export const VERSION = 1;', '+export const VERSION = 2;'])],
]);

function rangeReview(): ReviewData {
  return makeReview(CALC_PATCH, CALC_FILES, { target: { kind: 'range', description: 'Changes A..C', baseCommit: '0'.repeat(40), headCommit: C3 } });
}

async function rangeHarness(): Promise<ReviewHarness> {
  const h = createHarness(rangeReview());
  h.api.commits = COMMITS;
  h.api.commitSpans = SPANS;
  await startCommits(h.store, h.api, null);
  return h;
}

const lineTarget = (side: 'old' | 'new', startLine: number, endLine = startLine) => ({ scope: 'line' as const, fileId: 'src/calc.ts', side, startLine, endLine });
const shownLines = (h: ReviewHarness) => fileView(h.store.getState(), h.store.getState().files[0]!)?.file.fileDiff.additionLines;

describe('the commit selector', () => {
  it('lists the range commits after the whole range, and shows one commit as only its change, kept in #commits=', async () => {
    const h = await rangeHarness();
    renderWithReview(<CommitSelector />, h);
    const picker = screen.getByRole('combobox', { name: 'Commits shown' });
    expect([...picker.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Whole range (3 commits)',
      '1/3 1111111 Add zero',
      '2/3 2222222 Version 3',
      '3/3 3333333 Version 2',
    ]);
    fireEvent.change(picker, { target: { value: C2 } });
    await screen.findByRole('combobox', { name: 'Through commit' });
    expect(h.api.calls).toContain('commit-span 2222..2222');
    expect(shownLines(h)).toContain('export const VERSION = 3;\n');
    expect(shownLines(h)).not.toContain('  return a + b + 0;\n');
    expect(readCommitsHash()).toEqual({ from: C2, to: C2 });
    expect(location.search).toBe('');
    fireEvent.change(screen.getByRole('combobox', { name: 'Through commit' }), { target: { value: C3 } });
    await screen.findByDisplayValue('through 3/3 3333333 Version 2');
    expect(readCommitsHash()).toEqual({ from: C2, to: C3 });
    fireEvent.change(picker, { target: { value: 'whole' } });
    expect(h.store.getState().commitSpan).toBeNull();
    expect(shownLines(h)).toBeUndefined();
    expect(readCommitsHash()).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Through commit' })).toBeNull();
  });

  it('is not shown for a working-tree review, which asks for no commits', async () => {
    const h = createHarness(makeReview(CALC_PATCH, CALC_FILES));
    await startCommits(h.store, h.api, null);
    renderWithReview(<CommitSelector />, h);
    expect(screen.queryByRole('group', { name: 'Commits' })).toBeNull();
    expect(h.api.calls).not.toContain('commits');
  });

  it('opens on the span the address names (a reload keeps it); a span outside the range says why', async () => {
    const h = createHarness(rangeReview());
    h.api.commits = COMMITS;
    h.api.commitSpans = SPANS;
    await startCommits(h.store, h.api, { from: C1.slice(0, 7), to: C1.slice(0, 7) });
    expect(h.store.getState().commitSpan).toEqual({ from: C1, to: C1 });
    await showCommitSpan(h, { from: C1, to: C2 });
    renderWithReview(<CommitSelector />, h);
    expect(screen.getByRole('alert').textContent).toMatch(/^Cannot show these commits: commitSpan: not commits of the range/);
  });
});

describe('a comment in a span view', () => {
  it('on a span ending on the last commit: an ordinary annotation on the same line', async () => {
    const h = await rangeHarness();
    await showCommitSpan(h, { from: C3, to: C3 });
    expect(commitCommentRefusal(h.store.getState(), lineTarget('new', 9))).toBeNull();
    expect(h.controller.openComment(lineTarget('new', 9))).toBe(true);
    h.store.getState().updateComposer({ text: 'Why 2?' });
    expect(h.controller.submitComposer()).toMatchObject({ scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 9, endLine: 9 });
  });

  it("on a line whose text the range's new side holds at the same place: anchored on the range's line", async () => {
    const h = await rangeHarness();
    await showCommitSpan(h, { from: C1, to: C1 });
    expect(h.controller.openComment(lineTarget('new', 2))).toBe(true);
    h.store.getState().updateComposer({ text: 'Why + 0?' });
    expect(h.controller.submitComposer()).toMatchObject({ path: 'src/calc.ts', side: 'new', startLine: 2, endLine: 2 });
    // Commit 1 starts the range: its old side is the range's base.
    expect(commitCommentRefusal(h.store.getState(), lineTarget('old', 2))).toBeNull();
  });

  it('refused with a toast where the range has other text, where it cannot be compared, and on the old side mid-range', async () => {
    const h = await rangeHarness();
    await showCommitSpan(h, { from: C2, to: C2 });
    expect(h.controller.openComment(lineTarget('new', 9))).toBe(false);
    expect(h.store.getState().toasts.at(-1)?.message).toBe(NOT_IN_RANGE);
    expect(h.store.getState().composer).toBeNull();
    expect(commitCommentRefusal(h.store.getState(), lineTarget('new', 8, 9))).toBe(NOT_IN_RANGE);
    expect(commitCommentRefusal(h.store.getState(), lineTarget('new', 6))).toBe(NOT_COMPARED);
    expect(commitCommentRefusal(h.store.getState(), lineTarget('old', 9))).toBe(OLD_SIDE);
    expect(commitCommentRefusal(h.store.getState(), { scope: 'file', fileId: 'src/calc.ts' })).toBeNull();
    // Back to the whole range: the same line takes a comment again.
    await showCommitSpan(h, null);
    expect(commitCommentRefusal(h.store.getState(), lineTarget('new', 9))).toBeNull();
  });
});
