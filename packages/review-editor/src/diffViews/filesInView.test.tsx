/**
 * The round view scoped whole: in "Since round 2" the line cursor
 * (↑/↓, n/p, ]/[), j/k and the search walk only what that view shows (the
 * files changed since round 2, with their diff from round 2's text), and the
 * overview counts that view; "All changes" gives back the whole change.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewData } from '@redline/core';
import { ReviewOverview } from '../annotations/ReviewOverview.js';
import { FileHeaderActions } from '../diff/FileHeaderActions.js';
import { FileTree } from '../navigation/FileTree.js';
import { ReviewContext } from '../app/reviewContext.js';
import { CALC_FILES, CALC_PATCH, KINDS_FILES, KINDS_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, type ReviewHarness } from '../testing/renderWithReview.js';
import { roundsData } from '../testing/roundsFixture.js';
import { recordScrolls, walkDown } from '../testing/walkView.js';
import { filesInView, filesListed, totalsInView } from './filesInView.js';
import { startRoundView } from '../threads/roundView.js';

afterEach(() => {
  cleanup();
  history.replaceState(null, '', '/');
});

const [TREE2, NOW] = ['f'.repeat(40), '9'.repeat(40)];
/** Since round 2 only src/calc.ts changed, and only its second hunk: VERSION = 3 then, 2 now. */
const SINCE_PATCH = ['diff --git a/src/calc.ts b/src/calc.ts', 'index 1111111..8c15866 100644', '--- a/src/calc.ts', '+++ b/src/calc.ts', '@@ -8,2 +8,2 @@', ' ', '-export const VERSION = 3;', '+export const VERSION = 2;', ''].join('\n');

function review(): ReviewData {
  const rounds = roundsData();
  rounds.rounds = [{ ...rounds.rounds[0]! }, { ...rounds.rounds[0]!, number: 2, state: { kind: 'recorded', tree: TREE2 } }];
  return makeReview(KINDS_PATCH + CALC_PATCH, [...KINDS_FILES, ...CALC_FILES], { rounds, sinceRound: { round: 2, from: TREE2, to: NOW, patch: SINCE_PATCH, changedPaths: ['src/calc.ts'] } });
}

async function inRoundView(): Promise<ReviewHarness & { scrolled: string[] }> {
  const h = createHarness(review());
  await startRoundView(h.store, h.api);
  return { ...h, scrolled: recordScrolls(h) };
}


describe('"Since round N" is the whole of what the cursor, j/k and the search walk', () => {
  it('↑/↓ and n/p stay on the round diff\'s lines, j/k on its files; "All changes" walks the whole change again', async () => {
    const h = await inRoundView();
    expect(filesInView(h.store.getState()).map((file) => file.path)).toEqual(['src/calc.ts']);
    // Round 2's diff of src/calc.ts: context line 8, then VERSION's old and new line 9 (not the whole change's lines 1-3).
    expect(walkDown(h, 4)).toEqual(['src/calc.ts new 8', 'src/calc.ts old 9', 'src/calc.ts new 9', 'src/calc.ts new 9']);
    h.controller.stepHunk(1);
    expect(h.store.getState().lineCursor!.at.line).toBe(9); // one hunk only: n stays
    h.controller.stepFile(1);
    h.controller.stepFile(-1);
    expect(h.scrolled.slice(-2)).toEqual(['src/calc.ts', 'src/calc.ts']);

    h.store.getState().chooseRoundView('all');
    expect(filesInView(h.store.getState())).toHaveLength(10);
    expect(walkDown(h, 2)).toEqual(['src/calc.ts new 1', 'src/calc.ts old 2']);
    h.controller.stepFile(1);
    expect(h.scrolled.at(-1)).toBe(filesInView(h.store.getState())[1]!.path);
    expect(h.scrolled.at(-1)).not.toBe('src/calc.ts');
  });

  it('the search finds only what the view shows, and is run again when the view changes', async () => {
    const h = await inRoundView();
    const hits = () => h.store.getState().search.hits.map((hit) => `${hit.fileId} ${hit.kind}${hit.lineNumber ? ` ${hit.side} ${hit.lineNumber}` : ''}`);
    h.store.getState().setSearchQuery('return');
    expect(hits()).toEqual([]);
    h.store.getState().setSearchQuery('VERSION');
    expect(hits()).toEqual(['src/calc.ts line old 9', 'src/calc.ts line new 9']);
    h.store.getState().setSearchQuery('mod');
    expect(hits()).toEqual([]); // mod.txt is unchanged since round 2: outside the view
    h.store.getState().chooseRoundView('all');
    expect(hits()).toEqual(['link line old 1', 'mod.txt name']); // the link's old target is "mod.txt"
    h.store.getState().setSearchQuery('return');
    expect(hits()).toEqual(['src/calc.ts line old 2', 'src/calc.ts line new 2']);
  });

  it(']/[ step over the view\'s annotations only', async () => {
    const h = await inRoundView();
    const note = (id: string, path: string, line: number) => ({ id, kind: 'comment' as const, scope: 'line' as const, path, side: 'new' as const, startLine: line, endLine: line, text: id, createdAt: '2026-01-01T00:00:00.000Z' });
    h.store.getState().addAnnotation(note('on-mod', 'mod.txt', 2));
    h.store.getState().addAnnotation(note('on-calc', 'src/calc.ts', 9));
    h.controller.stepAnnotation(1);
    h.controller.stepAnnotation(1);
    expect(h.store.getState().lineCursor).toMatchObject({ fileId: 'src/calc.ts', at: { side: 'new', line: 9 } });
    expect(h.scrolled.every((id) => id === 'src/calc.ts')).toBe(true);
    h.store.getState().chooseRoundView('all');
    h.controller.stepAnnotation(-1);
    expect(h.store.getState().lineCursor).toMatchObject({ fileId: 'mod.txt', at: { side: 'new', line: 2 } });
  });

  it('the overview counts the view: its files and its lines; "All changes" counts the whole change', async () => {
    const h = await inRoundView();
    render(
      <ReviewContext.Provider value={h.controller}>
        <ReviewOverview />
      </ReviewContext.Provider>,
    );
    const stats = () => screen.getByText(/files? changed/).textContent;
    expect(stats()).toBe('1 file changed +1 −1');
    h.store.getState().chooseRoundView('all');
    expect(await screen.findByText(/10 files changed/)).toBeTruthy();
    expect(stats()).toBe('10 files changed +8 −7');
  });

  it('the totals are counted again only when the files or the view change, not on every change of the store', async () => {
    const h = await inRoundView();
    const inView = totalsInView(h.store.getState());
    expect(inView).toEqual({ files: 1, additions: 1, deletions: 1 });
    h.store.getState().setCurrentFile('src/calc.ts'); // what scrolling sets, frame after frame
    h.controller.moveLine(1, false);
    expect(totalsInView(h.store.getState())).toBe(inView);
    h.store.getState().chooseRoundView('all');
    const whole = totalsInView(h.store.getState());
    expect(whole).toEqual({ files: 10, additions: 8, deletions: 7 });
    h.store.getState().chooseRoundView('since-last');
    expect(totalsInView(h.store.getState())).toEqual(inView);
  });

  it('a file\'s header and tree row count its round diff\'s lines in the view, the whole change\'s in "All changes"', async () => {
    const h = await inRoundView();
    const calc = h.store.getState().fileById.get('src/calc.ts')!;
    const whole = { additions: calc.additions, deletions: calc.deletions };
    expect(whole).not.toEqual({ additions: 1, deletions: 1 });
    render(
      <ReviewContext.Provider value={h.controller}>
        <FileHeaderActions fileId="src/calc.ts" />
        <FileTree />
      </ReviewContext.Provider>,
    );
    const row = () => screen.getByRole('button', { name: /^src\/calc\.ts,/ }).getAttribute('aria-label');
    expect(row()).toContain('+1 −1');
    expect(document.querySelector('.file-counts')?.textContent).toBe('+1−1');
    h.store.getState().chooseRoundView('all');
    await vi.waitFor(() => expect(row()).toContain(`+${whole.additions} −${whole.deletions}`));
    expect(document.querySelector('.file-counts')?.textContent).toBe(`+${whole.additions}−${whole.deletions}`);
  });

  it('the diff and the tree list only the files changed since round N, say how many they hide, and "Show all" lists them again', async () => {
    const h = await inRoundView();
    render(
      <ReviewContext.Provider value={h.controller}>
        <FileTree />
      </ReviewContext.Provider>,
    );
    const listed = () => document.querySelector('.file-tree')!.getAttribute('data-file-count');
    expect(filesListed(h.store.getState()).map((file) => file.path)).toEqual(['src/calc.ts']);
    expect(listed()).toBe('1');
    expect(screen.getByRole('status').textContent).toBe('9 files unchanged since round 2 are hidden · Show all');
    // One list: what is listed is what j/k, the cursor and the search walk.
    expect(filesListed(h.store.getState()).map((file) => file.path)).toEqual(filesInView(h.store.getState()).map((file) => file.path));

    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await vi.waitFor(() => expect(listed()).toBe('10'));
    expect(screen.getByRole('status').textContent).toBe('9 files unchanged since round 2 listed · Hide them');
    expect(filesInView(h.store.getState())).toHaveLength(1); // listed, folded: still outside what the view walks
    fireEvent.click(screen.getByRole('button', { name: 'Hide them' }));
    await vi.waitFor(() => expect(listed()).toBe('1'));

    h.store.getState().chooseRoundView('all');
    await vi.waitFor(() => expect(listed()).toBe('10'));
    expect(screen.queryByText(/unchanged since round/)).toBeNull();
  });
});
