/**
 * One set of files per view: in the whole change, "since round N", an
 * earlier pair and a commit span, the diff draws each file in view with
 * the diff the line cursor, `j`/`k`, the search, the tree and the totals
 * walk (diffShown.ts picks it, filesInView.ts walks it).
 */
import { cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RangeCommit, ReviewData } from '@redline/core';
import { ReviewOverview } from '../annotations/ReviewOverview.js';
import { ReviewContext } from '../app/reviewContext.js';
import { startCommits } from '../commits/rangeCommits.js';
import { useDiffItems } from '../diff/useDiffItems.js';
import { FileTree } from '../navigation/FileTree.js';
import { CALC_FILES, CALC_PATCH, KINDS_FILES, KINDS_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, type ReviewHarness } from '../testing/renderWithReview.js';
import { roundsData } from '../testing/roundsFixture.js';
import { recordScrolls, walkDown } from '../testing/walkView.js';
import { startRoundView } from '../threads/roundView.js';
import { filesInView } from './filesInView.js';
import { showDiff } from './showDiff.js';

afterEach(() => {
  cleanup();
  history.replaceState(null, '', '/');
});

const [TREE1, TREE2, NOW, C1, C2] = ['d'.repeat(40), 'f'.repeat(40), '9'.repeat(40), '1'.repeat(40), '2'.repeat(40)];
const section = (path: string, hunk: string[]) => [`diff --git a/${path} b/${path}`, 'index 1111111..2222222 100644', `--- a/${path}`, `+++ b/${path}`, ...hunk, ''].join('\n');
/** Since round 2: src/calc.ts. Round 1 → round 2: new.ts. Commit 1: mod.txt. */
const SINCE_PATCH = section('src/calc.ts', ['@@ -8,2 +8,2 @@', ' ', '-export const VERSION = 3;', '+export const VERSION = 2;']);
const PAIR_PATCH = section('new.ts', ['@@ -1,2 +1,2 @@', '-old', '+new', ' file']);
const SPAN_PATCH = section('mod.txt', ['@@ -1,3 +1,3 @@', ' a', '-b', '+B', ' c']);
const commit = (sha: string): RangeCommit => ({ sha, shortSha: sha.slice(0, 7), subject: sha.slice(0, 1), author: 'Redline Test', authoredAt: '2026-12-01T16:00:00+00:00' });

function review(): ReviewData {
  const rounds = roundsData();
  rounds.rounds = [{ ...rounds.rounds[0]!, state: { kind: 'recorded', tree: TREE1 } }, { ...rounds.rounds[0]!, number: 2, state: { kind: 'recorded', tree: TREE2 } }];
  return makeReview(KINDS_PATCH + CALC_PATCH, [...KINDS_FILES, ...CALC_FILES], {
    target: { kind: 'range', description: 'Changes A..C', baseCommit: '0'.repeat(40), headCommit: C2 },
    rounds,
    sinceRound: { round: 2, from: TREE2, to: NOW, patch: SINCE_PATCH, changedPaths: ['src/calc.ts'] },
  });
}

/** Each view and its files; 'every file' in the review's order. */
const VIEWS: { name: string; show(h: ReviewHarness): Promise<void> | void; files: string[] | 'every file' }[] = [
  { name: 'the whole change', show: (h) => h.store.getState().chooseRoundView('all'), files: 'every file' },
  { name: '"Since round 2"', show: () => undefined, files: ['src/calc.ts'] },
  { name: 'round 1 → round 2', show: (h) => showDiff(h.store, h.api, { kind: 'pair', pair: '1-2' }), files: ['new.ts'] },
  { name: 'commit 1', show: (h) => showDiff(h.store, h.api, { kind: 'span', span: { from: C1, to: C1 } }), files: ['mod.txt'] },
];

async function harness(): Promise<ReviewHarness> {
  const h = createHarness(review());
  h.api.roundDiffs.set(`${TREE1}-${TREE2}`, PAIR_PATCH);
  h.api.commits = [commit(C1), commit(C2)];
  h.api.commitSpans = new Map([[`${C1}..${C1}`, SPAN_PATCH]]);
  await startRoundView(h.store, h.api);
  await startCommits(h.store, h.api, null);
  return h;
}

/** The files ↓ visits from no cursor to the diff's last line, in order. */
function filesWalkedDown(h: ReviewHarness): string[] {
  const lines = walkDown(h, 200).map((line) => line.split(' ')[0]!);
  return lines.filter((path, i) => path !== lines[i - 1]);
}

const linesOf = (fileDiff: { hunks: readonly { additionLines: number; deletionLines: number }[] }) =>
  `+${fileDiff.hunks.reduce((n, hunk) => n + hunk.additionLines, 0)} −${fileDiff.hunks.reduce((n, hunk) => n + hunk.deletionLines, 0)}`;

describe('the diff, the tree, the cursor, j/k and the search walk the same files in every view', () => {
  for (const view of VIEWS) {
    it(view.name, async () => {
      const h = await harness();
      await view.show(h);
      const files = view.files === 'every file' ? h.store.getState().files.map((file) => file.path) : view.files;
      const inView = filesInView(h.store.getState());
      expect(inView.map((file) => file.path)).toEqual(files);
      const wrapper = ({ children }: { children: ReactNode }) => <ReviewContext.Provider value={h.controller}>{children}</ReviewContext.Provider>;
      // The diff: each file in view drawn with the very diff the others walk.
      const items = renderHook(() => useDiffItems(null), { wrapper }).result.current;
      for (const file of inView) expect(items.find((item) => item.id === file.id)?.fileDiff).toBe(file.fileDiff);
      // The cursor: every file in view that has lines, in order, and none other.
      expect(filesWalkedDown(h)).toEqual(inView.filter((file) => file.fileDiff.hunks.length > 0).map((file) => file.path));
      // j/k: every file in view, in order (from no current file).
      h.controller.leaveLines();
      h.store.getState().setCurrentFile(null);
      const scrolled = recordScrolls(h);
      for (let i = 0; i < inView.length; i++) h.controller.stepFile(1);
      expect(scrolled).toEqual(files);
      // The search: '.' is in every path or a line of every file.
      h.store.getState().setSearchQuery('.');
      expect([...new Set(h.store.getState().search.hits.map((hit) => hit.fileId))]).toEqual(files);
      // The tree and the totals: each file in view counts the lines drawn.
      render(
        <ReviewContext.Provider value={h.controller}>
          <ReviewOverview />
          <FileTree />
        </ReviewContext.Provider>,
      );
      for (const file of inView.filter((f) => f.fileDiff.hunks.length > 0)) expect(screen.getByRole('button', { name: new RegExp(`^${file.path.replace('.', '\\.')},`) }).getAttribute('aria-label')).toContain(linesOf(file.fileDiff));
      expect(screen.getByText(/files? changed/).textContent).toMatch(new RegExp(`^${files.length} files? changed`));
    });
  }
});
