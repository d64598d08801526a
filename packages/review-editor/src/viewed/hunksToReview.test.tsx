/**
 * Viewed marks by hunk: a file viewed when round 1 was sent, changed since in
 * one of the three hunks of its whole change, says "1 of 3 hunks to review"
 * in its header; a file viewed then and unchanged is viewed; a file changed
 * since but never viewed says nothing of hunks (all of it is to review).
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileFacts, ReviewRoundsData } from '@redline/core';
import { FileHeaderActions } from '../diff/FileHeaderActions.js';
import { CALC_FILES, makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { roundsData } from '../testing/roundsFixture.js';
import { startRoundView } from '../threads/roundView.js';
import { totalsInView } from '../diffViews/filesInView.js';

afterEach(cleanup);

const base = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);
const edit = (lines: readonly string[], at: Record<number, string>) => lines.map((text, i) => at[i + 1] ?? text);
const round1 = edit(base, { 2: 'two', 15: 'fifteen then', 28: 'twenty-eight' });
const now = edit(base, { 2: 'two', 15: 'fifteen now', 28: 'twenty-eight' });

/** A git patch section of `path` with one hunk per changed line (three lines of context, as git writes). */
function patchOf(path: string, from: readonly string[], to: readonly string[]): string {
  const out = [`diff --git a/${path} b/${path}`, 'index 1111111..2222222 100644', `--- a/${path}`, `+++ b/${path}`];
  from.forEach((text, i) => {
    if (text === to[i]) return;
    const start = Math.max(0, i - 3);
    const end = Math.min(from.length, i + 4);
    out.push(`@@ -${start + 1},${end - start} +${start + 1},${end - start} @@`);
    for (let j = start; j < end; j++) out.push(...(j === i ? [`-${from[j]}`, `+${to[j]}`] : [` ${from[j]}`]));
  });
  return `${out.join('\n')}\n`;
}

const fileFacts = (path: string): FileFacts => ({ ...CALC_FILES[0]!, path, additions: 3, deletions: 3 });

function harness(lastViewed: string[]) {
  const rounds: ReviewRoundsData = { ...roundsData(), lastViewed };
  const patch = patchOf('a.txt', base, now) + patchOf('b.txt', base, now) + patchOf('same.txt', base, round1);
  const review = makeReview(patch, ['a.txt', 'b.txt', 'same.txt'].map(fileFacts), {
    rounds,
    sinceRound: { round: 1, from: rounds.rounds[0]!.state.tree, to: 'f'.repeat(40), patch: patchOf('a.txt', round1, now) + patchOf('b.txt', round1, now), changedPaths: ['a.txt', 'b.txt'] },
  });
  return createHarness(review);
}

describe('viewed marks by hunk', () => {
  it('a viewed file changed in one hunk of three: "1 of 3 hunks to review"; the unchanged viewed file stays viewed; a never-viewed one says nothing', async () => {
    const h = harness(['a.txt', 'same.txt']);
    await startRoundView(h.store, h.api);
    const s = h.store.getState();
    expect(['a.txt', 'b.txt', 'same.txt'].map((id) => s.isViewed(id))).toEqual([false, false, true]);
    renderWithReview(
      <>
        {['a.txt', 'b.txt', 'same.txt'].map((id) => (
          <div key={id} data-testid={id}>
            <FileHeaderActions fileId={id} />
          </div>
        ))}
      </>,
      h,
    );
    expect(screen.getByTestId('a.txt').textContent).toContain('1 of 3 hunks to review');
    expect(screen.getByTestId('b.txt').textContent).not.toContain('hunks to review');
    expect(screen.getByTestId('same.txt').textContent).not.toContain('hunks to review');
  });

  it('one set of +/− in "Since round 1": a file unchanged since shows none of the whole change\'s counts, and says why', async () => {
    const h = harness(['same.txt']);
    await startRoundView(h.store, h.api);
    renderWithReview(<FileHeaderActions fileId="same.txt" />, h);
    // Its whole change is +3 −3; the view's totals count it as nothing.
    expect(screen.getByRole('group', { name: 'same.txt actions' }).parentElement!.querySelector('.file-counts')!.textContent).toBe('');
    expect(screen.getByText('Unchanged since round 1')).toBeTruthy();
    expect(totalsInView(h.store.getState())).toEqual({ files: 2, additions: 2, deletions: 2 });
  });
});
