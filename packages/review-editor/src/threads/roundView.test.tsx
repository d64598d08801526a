import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CALC_FILES, CALC_PATCH, KINDS_FILES, KINDS_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { roundsData } from '../testing/roundsFixture.js';
import { RoundViewSwitch } from './RoundViewSwitch.js';
import { startRoundView } from './roundView.js';

afterEach(cleanup);

function harness(missing = false) {
  const rounds = roundsData();
  if (missing) rounds.rounds[0]!.state = { kind: 'missing', tree: rounds.rounds[0]!.state.tree };
  return createHarness(makeReview(KINDS_PATCH + CALC_PATCH, [...KINDS_FILES, ...CALC_FILES], { rounds }));
}

describe('the page opens on what changed since the last round', () => {
  it('files unchanged since then are folded, and viewed only when they were viewed then; the header counts the others; "All changes" unfolds them', async () => {
    const h = harness();
    // Round 1 was sent with three files viewed: one unchanged since, two changed.
    h.store.getState().review!.rounds!.lastViewed = ['bin.dat', 'mod.txt', 'src/calc.ts'];
    h.api.roundChanges = ['src/calc.ts', 'mod.txt'];
    await startRoundView(h.store, h.api);
    const s = h.store.getState();
    expect(s.files.filter((f) => s.isViewed(f.id)).map((f) => f.path)).toEqual(['bin.dat']);
    expect(s.files.filter((f) => s.isCollapsed(f.id)).map((f) => f.path)).toEqual(s.files.map((f) => f.path).filter((p) => p !== 'src/calc.ts' && p !== 'mod.txt'));
    expect(s.isCollapsed('bin.dat')).toBe(true);
    renderWithReview(<RoundViewSwitch />, h);
    expect(screen.getByRole('status').textContent).toBe('2 files changed since round 1');
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'all' } });
    expect(h.store.getState().isCollapsed('bin.dat')).toBe(false);
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'since-last' } });
    expect(h.store.getState().isCollapsed('bin.dat')).toBe(true);
  });

  it('a restored draft of this diff keeps the reviewer\'s own marks: a carried mark they took back is not put back on reload', async () => {
    const h = harness();
    const review = h.store.getState().review!;
    review.rounds!.lastViewed = ['bin.dat', 'mod.txt'];
    // The reviewer unmarked bin.dat in round 2 before the reload; the draft holds mod.txt's mark only.
    h.store.getState().loadReview(review, { version: 2, fingerprint: review.fingerprint, annotations: [], viewed: {}, composer: null, updatedAt: '2026-12-01T00:00:00Z' });
    h.store.getState().setViewed('mod.txt', true);
    h.api.roundChanges = ['src/calc.ts'];
    await startRoundView(h.store, h.api);
    const s = h.store.getState();
    expect(s.files.filter((f) => s.isViewed(f.id)).map((f) => f.path)).toEqual(['mod.txt']);
  });

  it('a round whose state cannot be read: the whole change, with a notice, nothing marked', async () => {
    const unanswered = harness();
    unanswered.api.roundChanges = null; // the server answers 404
    for (const h of [harness(true), unanswered]) {
      await startRoundView(h.store, h.api);
      expect(h.store.getState().viewed).toEqual({});
      renderWithReview(<RoundViewSwitch />, h);
      expect(screen.getByRole('status').textContent).toBe("Round 1's recorded state cannot be read: showing the whole change");
      cleanup();
    }
  });

  it('no earlier round: nothing asked, nothing shown', async () => {
    const h = createHarness(makeReview(CALC_PATCH, CALC_FILES));
    await startRoundView(h.store, h.api);
    expect(h.api.calls).not.toContain('round-changes');
    expect(renderWithReview(<RoundViewSwitch />, h).container.textContent).toBe('');
  });
});
