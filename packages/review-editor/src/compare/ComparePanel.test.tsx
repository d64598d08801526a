/**
 * The comparison against the in-memory server: the overview with the
 * agreeing file folded, a file as each variant's hunks with "Take this hunk
 * from C" (the picks PUT whole), a comment on one variant's line kept as that
 * variant's (Esc in it closes the comment, not the comparison), the verdict,
 * and each variant's own feedback.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompareData, CompareFileData } from '@redline/core';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { ComparePanel } from './ComparePanel.js';

afterEach(cleanup);

const section = (path: string, hunks: string) => `diff --git a/${path} b/${path}\nindex 1111111..2222222 100644\n--- a/${path}\n+++ b/${path}\n${hunks}`;
const file = (path: string, additions: number, deletions: number, blob: string, hunks: string): CompareFileData => ({ path, basePath: path, blob, additions, deletions, binary: false, section: section(path, hunks) });
const readme = file('README.md', 1, 0, 'r1', '@@ -1 +1,2 @@\n # sum\n+Adds.\n');
const bSum = file('src/sum.js', 1, 1, 'b1', '@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n');
const cSum = file('src/sum.js', 2, 2, 'c1', '@@ -1,3 +1,3 @@\n a\n-b\n+beta\n c\n@@ -20,3 +20,3 @@\n x\n-y\n+why\n z\n');
const notes = { verdict: 'undecided' as const, comments: [] };

const COMPARE: CompareData = {
  base: { commit: 'f'.repeat(40), short: 'fffffff' },
  variants: [
    { id: 'B', name: 'for-of', source: 'worktree', where: '/w/b', files: [readme, bSum], notes, findings: [{ kind: 'note', path: 'src/sum.js', side: 'new', lines: { start: 2, end: 2 }, text: 'Upper case on purpose.', suggestion: null }], tour: null },
    { id: 'C', name: 'c', source: 'branch', where: 'c', files: [readme, cSum], notes, findings: [], tour: null },
  ],
  rows: [
    { key: 'README.md', agree: true, touched: [readme, readme] },
    { key: 'src/sum.js', agree: false, touched: [bSum, cSum] },
  ],
  target: { path: '/w/target', name: 'target' },
  picks: [],
};

async function renderPanel() {
  const harness = createHarness();
  harness.api.compare = structuredClone(COMPARE);
  const onClose = vi.fn();
  renderWithReview(<ComparePanel onClose={onClose} />, harness);
  await screen.findByRole('heading', { name: /2 attempts, 2 files touched, against base fffffff/ });
  return { harness, onClose, panel: screen.getByRole('region', { name: 'Compare variants' }) };
}

describe('the comparison', () => {
  it('lists the files the variants differ on, folds the ones they agree on, and takes a hunk of one variant', async () => {
    const { harness, panel } = await renderPanel();
    expect(within(panel).getByRole('table', { name: 'Files the variants differ on' }).textContent).toContain('src/sum.js+1 −1+2 −2');
    const agree = panel.querySelector('details.compare-agree') as HTMLDetailsElement;
    expect(agree.open).toBe(false);
    expect(agree.textContent).toContain('1 file where every variant agrees');
    const c = within(panel).getByRole('region', { name: 'C · c' });
    expect(within(c).getAllByRole('button', { name: 'Take this hunk from C' })).toHaveLength(2);
    await act(async () => fireEvent.click(within(c).getAllByRole('button', { name: 'Take this hunk from C' })[1]!));
    expect(harness.api.compare!.picks).toEqual([{ kind: 'hunk', path: 'src/sum.js', variant: 'C', hunk: { oldStart: 20, oldLines: 3, newStart: 20, newLines: 3 } }]);
    expect(within(panel).getByRole('region', { name: 'Picks' }).textContent).toContain('src/sum.js: the hunk @@ -20,3 +20,3 @@ from C (c)');
  });

  it('keeps a comment on a line as that variant\'s; Esc in the comment closes it, not the comparison', async () => {
    const { harness, onClose, panel } = await renderPanel();
    const b = within(panel).getByRole('region', { name: 'B · for-of' });
    expect(within(b).getByRole('list', { name: "B's agent on src/sum.js" }).textContent).toBe('note, line 2Upper case on purpose.');
    fireEvent.click(within(b).getByRole('button', { name: "Comment on B's line 2" }));
    fireEvent.keyDown(within(b).getByRole('textbox'), { key: 'Escape' });
    expect(within(b).queryByRole('textbox')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(b).getByRole('button', { name: "Comment on B's line 2" }));
    fireEvent.change(within(b).getByRole('textbox'), { target: { value: 'Upper case?' } });
    await act(async () => fireEvent.click(within(b).getByRole('button', { name: 'Add comment' })));
    expect(harness.api.compare!.variants[0]!.notes.comments).toEqual([{ path: 'src/sum.js', side: 'new', line: 2, code: 'B', text: 'Upper case?' }]);
    expect(harness.api.compare!.variants[1]!.notes.comments).toEqual([]);
    await act(async () => fireEvent.change(within(panel).getByRole('combobox', { name: 'Verdict on C' }), { target: { value: 'discard' } }));
    const feedback = within(panel).getByRole('region', { name: 'Feedback per variant' });
    expect([...feedback.querySelectorAll('summary')].map((s) => s.textContent)).toEqual(['Variant B (for-of): no decision yet', 'Variant C (c): discarded']);
    expect(feedback.querySelector('pre')!.textContent).toContain('## `src/sum.js`\n\n### Line 2\n\n```\nB\n```\n\n> Upper case?');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows each agent's tour: its steps in order in the side column, each opening its file; a step's words in that variant's column", async () => {
    const harness = createHarness();
    harness.api.compare = structuredClone(COMPARE);
    harness.api.compare.variants[1]!.tour = {
      title: 'Two places changed',
      steps: [
        { path: 'README.md', side: 'new', lines: { start: 2, end: 2 }, text: 'Said what it does.' },
        { path: 'src/sum.js', side: 'new', lines: { start: 21, end: 21 }, text: 'The second place.' },
      ],
    };
    harness.api.compare.rows.reverse();
    renderWithReview(<ComparePanel onClose={vi.fn()} />, harness);
    const tours = await screen.findByRole('region', { name: "Each agent's tour" });
    expect(tours.querySelector('summary')!.textContent).toBe('C · c: Two places changed');
    expect([...tours.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['README.md, line 2Said what it does.', 'src/sum.js, line 21The second place.']);
    fireEvent.click(within(tours).getByRole('button', { name: 'README.md, line 2' }));
    const c = await screen.findByRole('region', { name: 'C · c' });
    expect(within(c).getByRole('list', { name: "C's agent on README.md" }).textContent).toBe('tour step 1 of 2, line 2Said what it does.');
  });

  it("takes in what a variant's agent posts while the reviewer compares, and keeps the comment being typed", async () => {
    const { harness, panel } = await renderPanel();
    const b = within(panel).getByRole('region', { name: 'B · for-of' });
    fireEvent.click(within(b).getByRole('button', { name: "Comment on B's line 2" }));
    fireEvent.change(within(b).getByRole('textbox'), { target: { value: 'Half a thought' } });
    // C's agent posts a finding on its src/sum.js (redline annotate --variant C), after the comparison was read.
    harness.api.compare!.variants[1]!.findings = [{ kind: 'finding', path: 'src/sum.js', side: 'new', lines: { start: 21, end: 21 }, text: 'why, not y.', suggestion: null }];
    const c = within(panel).getByRole('region', { name: 'C · c' });
    await waitFor(() => expect(within(c).getByRole('list', { name: "C's agent on src/sum.js" }).textContent).toBe('finding, line 21why, not y.'), { timeout: 6000 });
    expect(within(b).getByRole('textbox')).toHaveProperty('value', 'Half a thought');
  }, 10_000);
});
