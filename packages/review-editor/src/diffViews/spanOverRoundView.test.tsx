/**
 * A commit span shown while a round view is on: the span wins, in the diff
 * and in everything that walks it. The diff showed the span's files while
 * the line cursor, `j`/`k`, the search, the totals and the counts walked
 * the round view's ("since round N": the files changed since round N, with
 * round N's diff).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RangeCommit, ReviewData } from '@redline/core';
import { ReviewOverview } from '../annotations/ReviewOverview.js';
import { ReviewContext } from '../app/reviewContext.js';
import { startCommits } from '../commits/rangeCommits.js';
import { FileTree } from '../navigation/FileTree.js';
import { CALC_FILES, CALC_PATCH, KINDS_FILES, KINDS_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, type ReviewHarness } from '../testing/renderWithReview.js';
import { roundsData } from '../testing/roundsFixture.js';
import { recordScrolls, walkDown } from '../testing/walkView.js';
import { fileView } from './diffShown.js';
import { filesInView, totalsInView } from './filesInView.js';
import { showDiff } from './showDiff.js';
import { startRoundView } from '../threads/roundView.js';

afterEach(() => {
  cleanup();
  history.replaceState(null, '', '/');
});

const [TREE2, NOW, C1, C2] = ['f'.repeat(40), '9'.repeat(40), '1'.repeat(40), '2'.repeat(40)];
/** Since round 2 only src/calc.ts changed (VERSION = 3 then, 2 now). */
const SINCE_PATCH = ['diff --git a/src/calc.ts b/src/calc.ts', 'index 1111111..8c15866 100644', '--- a/src/calc.ts', '+++ b/src/calc.ts', '@@ -8,2 +8,2 @@', ' ', '-export const VERSION = 3;', '+export const VERSION = 2;', ''].join('\n');
/** Commit 1 changed mod.txt only: a file unchanged since round 2. */
const SPAN_PATCH = ['diff --git a/mod.txt b/mod.txt', 'index de98044..7be73ce 100644', '--- a/mod.txt', '+++ b/mod.txt', '@@ -1,3 +1,3 @@', ' a', '-b', '+B', ' c', ''].join('\n');
const commit = (sha: string, subject: string): RangeCommit => ({ sha, shortSha: sha.slice(0, 7), subject, author: 'Redline Test', authoredAt: '2026-12-01T16:00:00+00:00' });

function review(): ReviewData {
  const rounds = roundsData();
  rounds.rounds = [{ ...rounds.rounds[0]! }, { ...rounds.rounds[0]!, number: 2, state: { kind: 'recorded', tree: TREE2 } }];
  return makeReview(KINDS_PATCH + CALC_PATCH, [...KINDS_FILES, ...CALC_FILES], {
    target: { kind: 'range', description: 'Changes A..C', baseCommit: '0'.repeat(40), headCommit: C2 },
    rounds,
    sinceRound: { round: 2, from: TREE2, to: NOW, patch: SINCE_PATCH, changedPaths: ['src/calc.ts'] },
  });
}

/** "Since round 2" on, then commit 1 shown. */
async function spanDuringRoundView(): Promise<ReviewHarness & { scrolled: string[] }> {
  const h = createHarness(review());
  h.api.commits = [commit(C1, 'Capital B'), commit(C2, 'Version 2')];
  h.api.commitSpans = new Map([[`${C1}..${C1}`, SPAN_PATCH]]);
  await startRoundView(h.store, h.api);
  await startCommits(h.store, h.api, null);
  await showDiff(h.store, h.api, { kind: 'span', span: { from: C1, to: C1 } });
  return { ...h, scrolled: recordScrolls(h) };
}


describe('a commit span shown while "Since round N" is on', () => {
  it('the diff shows the span, and the cursor, j/k, the search and the totals walk the span too', async () => {
    const h = await spanDuringRoundView();
    expect(h.store.getState().roundView).toBe('since-last');
    const mod = h.store.getState().fileById.get('mod.txt')!;
    // What the diff draws for mod.txt: the span's change.
    expect(fileView(h.store.getState(), mod)?.file.fileDiff.additionLines).toEqual(['a\n', 'B\n', 'c\n']);
    expect(filesInView(h.store.getState()).map((file) => file.path)).toEqual(['mod.txt']);
    expect(walkDown(h, 4)).toEqual(['mod.txt new 1', 'mod.txt old 2', 'mod.txt new 2', 'mod.txt new 3']);
    h.controller.stepFile(1);
    expect(h.scrolled.at(-1)).toBe('mod.txt');
    h.store.getState().setSearchQuery('VERSION');
    expect(h.store.getState().search.hits).toEqual([]);
    h.store.getState().setSearchQuery('B');
    expect(h.store.getState().search.hits.map((hit) => `${hit.fileId} ${hit.kind} ${hit.side} ${hit.lineNumber}`)).toEqual(['mod.txt line new 2']);
    expect(totalsInView(h.store.getState())).toEqual({ files: 1, additions: 1, deletions: 1 });
  });

  it("the overview and the tree count the span's lines: mod.txt +1 −1, src/calc.ts none", async () => {
    const h = await spanDuringRoundView();
    render(
      <ReviewContext.Provider value={h.controller}>
        <ReviewOverview />
        <FileTree />
      </ReviewContext.Provider>,
    );
    expect(screen.getByText(/files? changed/).textContent).toBe('1 file changed +1 −1');
    expect(screen.getByRole('button', { name: /^mod\.txt,/ }).getAttribute('aria-label')).toContain('+1 −1');
    expect(screen.getByRole('button', { name: /^src\/calc\.ts,/ }).getAttribute('aria-label')).toContain('+0 −0');
  });
});
