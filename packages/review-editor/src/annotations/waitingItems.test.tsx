/**
 * What waits for the reviewer is always in reach (docs/rounds.md, "What
 * waits for you"): round 2 opens with no file changed since round 1 and
 * the agent's proposals posted. The overview says nothing changed and lists
 * the proposals and the open threads first; the Comments tab counts and
 * lists them; the tree marks their files; their files are not folded; Accept
 * and Reject work from the list.
 */
import type { ProposalState } from '@redline/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Sidebar } from '../navigation/Sidebar.js';
import { refreshProposals } from '../proposals/proposalsService.js';
import { CALC_FILES, CALC_PATCH, KINDS_FILES, KINDS_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { roundsData } from '../testing/roundsFixture.js';
import { startRoundView } from '../threads/roundView.js';
import { ReviewOverview } from './ReviewOverview.js';
import { startUnfoldingWaiting } from './waitingItems.js';

afterEach(cleanup);

const finding = (id: string, start: number, text: string): ProposalState => ({
  proposal: { id, seen: 'b', postedAt: '2026-12-01T00:00:00Z', finding: { kind: 'finding', path: 'mod.txt', side: 'new', lines: { start, end: start }, text, suggestion: null } },
  answer: { kind: 'unanswered' },
  replies: [],
  outdated: false,
});

describe('what waits for the reviewer', () => {
  it('round 2 with no file changed: said, listed first with counts, marked in the tree, never folded; Accept and Reject from the list', async () => {
    const h = createHarness(makeReview(KINDS_PATCH + CALC_PATCH, [...KINDS_FILES, ...CALC_FILES], { rounds: roundsData() }));
    h.api.roundChanges = [];
    startUnfoldingWaiting(h.store);
    await startRoundView(h.store, h.api);
    // Round 1's two open threads are in src/calc.ts: folded like every unchanged file, it is opened again.
    expect(h.store.getState().isCollapsed('bin.dat')).toBe(true);
    expect(h.store.getState().isCollapsed('src/calc.ts')).toBe(false);
    expect(h.store.getState().isCollapsed('mod.txt')).toBe(true);

    renderWithReview(
      <>
        <ReviewOverview />
        <Sidebar />
      </>,
      h,
    );
    h.api.proposals = [finding('p1', 1, 'Name it.'), finding('p2', 3, 'Why c?')];
    await act(() => refreshProposals(h.store, h.api));
    // Posted after the fold: their file opens.
    expect(h.store.getState().isCollapsed('mod.txt')).toBe(false);

    const waiting = screen.getByRole('region', { name: 'Waiting for you' });
    expect(waiting.querySelector('p')!.textContent).toBe('No file changed since round 1. Waiting for you: 2 agent proposals, 2 open threads.');
    expect(within(waiting).getByRole('region', { name: 'Open threads' }).querySelectorAll('li')).toHaveLength(2);

    // The tree marks the files with what waits there, in the row's name.
    expect(screen.getByRole('button', { name: /^mod\.txt, modified, .*, 2 agent proposals$/ })).toBeTruthy();
    // Viewed when round 1 was sent and unchanged since: viewed, and open all the same (its threads wait).
    expect(screen.getByRole('button', { name: /^src\/calc\.ts, modified, .*, 2 open threads, viewed$/ })).toBeTruthy();

    // The Comments tab counts them (no comment of this round yet) and lists the proposals with their acts.
    const tab = screen.getByRole('tab', { name: /^Comments/ });
    expect(tab.textContent).toBe('Comments 4');
    fireEvent.click(tab);
    const list = screen.getAllByRole('region', { name: 'Agent proposals' }).at(-1)!;
    expect(within(list).getByRole('heading').textContent).toBe('Agent proposals 2 waiting for your answer');
    fireEvent.click(within(list).getByRole('button', { name: 'Accept finding on Line 1 (new) in mod.txt' }));
    await waitFor(() => expect(h.api.calls).toContain('proposal accept p1'));
    expect(h.store.getState().annotations.map((a) => [a.path, a.text])).toEqual([['mod.txt', 'Name it.']]);
    fireEvent.click(within(list).getByRole('button', { name: 'Reject finding on Line 3 (new) in mod.txt' }));
    await waitFor(() => expect(h.api.calls).toContain('proposal reject p2'));
    await waitFor(() => expect(screen.queryAllByRole('region', { name: 'Agent proposals' })).toHaveLength(0));
    // The accepted one is a comment of this round now; the two threads still wait.
    expect(tab.textContent).toBe('Comments 3');
  });
});
