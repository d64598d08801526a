/**
 * The round view line by line: a review whose answer carries the
 * diff since the last round opens on it, chosen in the store update that
 * puts the review in; new-side cards sit on the same lines as in the whole
 * change, old-side comments are refused with the reason, "All changes"
 * shows the whole change, an earlier pair is read-only, and the choice
 * lives in the address's #round-view=.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReviewData } from '@redline/core';
import { createReviewStore } from '../app/reviewStore.js';
import { createItemsBuilder } from '../diff/buildItems.js';
import { CALC_FILES, CALC_PATCH, KINDS_FILES, KINDS_PATCH, makeReview } from '../testing/fixtures.js';
import { createMemoryApi } from '../testing/memoryApi.js';
import { createHarness, renderWithReview, type ReviewHarness } from '../testing/renderWithReview.js';
import { roundsData } from '../testing/roundsFixture.js';
import { roundCommentRefusal } from './roundCommentGuard.js';
import { RoundViewSwitch } from './RoundViewSwitch.js';
import { fileView } from '../diffViews/diffShown.js';
import { readDiffViewAddress, writeDiffViewAddress } from '../diffViews/diffViewAddress.js';
import { installRoundView, startRoundView } from './roundView.js';

afterEach(() => {
  cleanup();
  history.replaceState(null, '', '/');
});

const [TREE1, TREE2, NOW] = ['d'.repeat(40), 'f'.repeat(40), '9'.repeat(40)];

/** Round 2 saw VERSION = 3 (round 1: 4); now it is 2. Line 2 is as round 2 saw it. */
const SINCE_PATCH = ['diff --git a/src/calc.ts b/src/calc.ts', 'index 1111111..8c15866 100644', '--- a/src/calc.ts', '+++ b/src/calc.ts', '@@ -8,2 +8,2 @@', ' ', '-export const VERSION = 3;', '+export const VERSION = 2;', ''].join('\n');
const PAIR_PATCH = SINCE_PATCH.replace('1111111..8c15866', '2222222..1111111').replace('-export const VERSION = 3;\n+export const VERSION = 2;', '-export const VERSION = 4;\n+export const VERSION = 3;');

function twoRounds(): ReviewData {
  const rounds = roundsData();
  rounds.rounds = [{ ...rounds.rounds[0]! }, { ...rounds.rounds[0]!, number: 2, state: { kind: 'recorded', tree: TREE2 } }];
  return makeReview(CALC_PATCH, CALC_FILES, { rounds, sinceRound: { round: 2, from: TREE2, to: NOW, patch: SINCE_PATCH, changedPaths: ['src/calc.ts'] } });
}

function itemsOf(h: ReviewHarness) {
  const s = h.store.getState();
  return createItemsBuilder()({ files: s.files, annotations: s.annotations, composer: null, threads: s.review?.rounds?.threads, isCollapsed: () => false, fileView: (file) => fileView(h.store.getState(), file) });
}

const lineTarget = (side: 'old' | 'new', line: number) => ({ scope: 'line' as const, fileId: 'src/calc.ts', side, startLine: line, endLine: line });

describe('since round N, line by line', () => {
  it('opens on the diff since the last round, chosen in the update that puts the review in, without asking the server', () => {
    const store = createReviewStore();
    const api = createMemoryApi(twoRounds());
    installRoundView(store);
    store.getState().loadReview(twoRounds(), null);
    // Synchronously: no frame of the whole change in between.
    expect(store.getState().roundChanges).toMatchObject({ kind: 'ready', round: 2 });
    expect(api.calls).toEqual([]);
    const file = store.getState().files[0]!;
    expect(fileView(store.getState(), file)!.file.fileDiff.deletionLines).toContain('export const VERSION = 3;\n');
    // No viewed marks yet: the saved draft, restored after the review lands, restores onto untouched work.
    expect(store.getState().viewed).toEqual({});
  });

  it('files unchanged since the last round fold at landing; the ones viewed then are marked viewed after the load', async () => {
    const rounds = { ...twoRounds().rounds!, lastViewed: ['bin.dat', 'src/calc.ts'] };
    const review = makeReview(KINDS_PATCH + CALC_PATCH, [...KINDS_FILES, ...CALC_FILES], { rounds, sinceRound: twoRounds().sinceRound! });
    const store = createReviewStore();
    installRoundView(store);
    store.getState().loadReview(review, null);
    expect(store.getState().isCollapsed('bin.dat')).toBe(true);
    expect(store.getState().isCollapsed('src/calc.ts')).toBe(false);
    await startRoundView(store, createMemoryApi(review));
    expect(store.getState().isViewed('bin.dat')).toBe(true);
    // Viewed in round 2 but changed since; unchanged but never viewed: both start unviewed (the latter folded all the same).
    expect(store.getState().isViewed('src/calc.ts')).toBe(false);
    expect(store.getState().isViewed('mod.txt')).toBe(false);
    expect(store.getState().isCollapsed('mod.txt')).toBe(true);
  });

  it('shows round 2\'s text on the old side; cards on new-side lines sit where they do in the whole change; the old side refuses comments, saying why', async () => {
    const h = createHarness(twoRounds());
    await startRoundView(h.store, h.api);
    expect(h.api.calls).not.toContain('round-changes');
    const [item] = itemsOf(h);
    expect(item!.fileDiff.deletionLines).toEqual(['\n', 'export const VERSION = 3;\n']);
    expect(item!.fileDiff.additionLines).toEqual(['\n', 'export const VERSION = 2;\n']);
    // A comment on new line 9 in this view is an ordinary annotation on line 9, new side.
    expect(h.controller.openComment(lineTarget('new', 9))).toBe(true);
    h.store.getState().updateComposer({ text: 'Why 2?' });
    const made = h.controller.submitComposer()!;
    expect(made).toMatchObject({ scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 9, endLine: 9 });
    expect(itemsOf(h)[0]!.annotations).toContainEqual({ side: 'additions', lineNumber: 9, metadata: { kind: 'annotation', id: made.id } });
    // The thread on line 6 (unchanged since round 2: outside every hunk shown) goes above the file, not nowhere.
    expect(itemsOf(h)[0]!.annotations).toContainEqual({ side: 'additions', lineNumber: 0, metadata: { kind: 'thread', id: 'c-open' } });
    expect(h.controller.openComment(lineTarget('old', 9))).toBe(false);
    expect(h.store.getState().toasts.at(-1)?.message).toMatch(/^The left side is round 2's text, not part of the change you send/);
    expect(h.store.getState().composer).toBeNull();
  });

  it('"All changes" shows the base→now diff, where the old side takes comments again', async () => {
    const h = createHarness(twoRounds());
    installRoundView(h.store);
    renderWithReview(<RoundViewSwitch />, h);
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'all' } });
    expect(itemsOf(h)[0]!.fileDiff).toBe(h.store.getState().files[0]!.fileDiff);
    expect(itemsOf(h)[0]!.fileDiff.deletionLines).toContain('export const VERSION = 1;\n');
    expect(roundCommentRefusal(h.store.getState(), lineTarget('old', 9))).toBeNull();
    expect(location.hash).toBe('#round-view=all');
  });
});

describe('an earlier pair', () => {
  it('is listed, shown read-only once its diff is in: no cards, no forms, a note', async () => {
    const h = createHarness(twoRounds());
    h.api.roundDiffs.set(`${TREE1}-${TREE2}`, PAIR_PATCH);
    installRoundView(h.store);
    renderWithReview(<RoundViewSwitch />, h);
    expect(screen.getByRole('option', { name: 'Round 1 → Round 2 (read-only)' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: '1-2' } });
    await screen.findByRole('note');
    expect(screen.getByRole('note', { name: "Read-only: round 1's recorded state against round 2's; comments and threads show in the other views" }).textContent).toBe('Read-only');
    const [item] = itemsOf(h);
    expect(item!.fileDiff.deletionLines).toEqual(['\n', 'export const VERSION = 4;\n']);
    expect((item!.annotations ?? []).map((slot) => slot.metadata.kind)).toEqual([]);
    for (const target of [lineTarget('new', 9), { scope: 'file' as const, fileId: 'src/calc.ts' }]) {
      expect(h.controller.openComment(target)).toBe(false);
      expect(h.store.getState().toasts.at(-1)?.message).toBe('Round 1 → Round 2 is read-only: comment in "Since round 2" or "All changes".');
    }
    expect(await h.controller.openSuggestion(lineTarget('new', 9))).toBe(false);
    expect(h.store.getState().composer).toBeNull();
    expect(location.hash).toBe('#round-view=1-2');
  });

  it('a reload keeps the choice: #round-view= is read back, a pair is asked for at start', async () => {
    writeDiffViewAddress({ roundView: '1-2' });
    expect(readDiffViewAddress().roundView).toBe('1-2');
    expect(readDiffViewAddress('#round-view=all').roundView).toBe('all');
    expect(readDiffViewAddress('#round-view=../x').roundView).toBeNull();
    const h = createHarness(twoRounds());
    h.api.roundDiffs.set(`${TREE1}-${TREE2}`, PAIR_PATCH);
    await startRoundView(h.store, h.api, readDiffViewAddress().roundView);
    expect(h.store.getState().roundView).toBe('1-2');
    expect(h.api.calls).toEqual(['round-diff dddd-ffff']);
    writeDiffViewAddress({ roundView: 'since-last' });
    expect(location.hash).toBe('');
  });

  it('a pair the server refuses (not states of the series) stays on the view before, saying so', async () => {
    const h = createHarness(twoRounds());
    await startRoundView(h.store, h.api);
    renderWithReview(<RoundViewSwitch />, h);
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: '1-2' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Cannot show round 1 → round 2: /);
    expect(h.store.getState().roundView).toBe('since-last');
  });
});

describe('no series', () => {
  it('loads as before: nothing asked, nothing shown in a round view', () => {
    const store = createReviewStore();
    const api = createMemoryApi(makeReview(CALC_PATCH, CALC_FILES));
    installRoundView(store);
    store.getState().loadReview(makeReview(CALC_PATCH, CALC_FILES), null);
    expect(api.calls).toEqual([]);
    expect(store.getState().roundChanges).toEqual({ kind: 'none' });
    expect(fileView(store.getState(), store.getState().files[0]!)).toBeNull();
  });
});
