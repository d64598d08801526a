/**
 * The pull request's unresolved review threads in the page: a card under its
 * line (buildItems' slot) with each comment by its author, rendered sanitized,
 * read-only; an outdated one only in the sidebar's "On GitHub" list.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ForgeThread, PullRequestData } from '@redline/core';
import { CALC_FILES, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { createItemsBuilder } from '../diff/buildItems.js';
import { ForgeThreadCard } from './ForgeThreadCard.js';
import { ForgeThreadList } from './ForgeThreadList.js';
import { Sidebar } from '../navigation/Sidebar.js';

afterEach(cleanup);

const at = '2026-01-02T03:04:05Z';
const THREADS: ForgeThread[] = [
  { id: 'T1', path: 'src/calc.ts', line: 2, startLine: null, side: 'RIGHT', isOutdated: false, comments: [{ author: 'mona', body: 'Why **+ 0**? <img src=x onerror="window.hacked=1"><script>window.hacked=2</script>', createdAt: at }, { author: 'hubot', body: 'Agreed.', createdAt: at }] },
  { id: 'T2', path: 'src/calc.ts', line: 9, startLine: 8, side: 'LEFT', isOutdated: false, comments: [{ author: 'octocat', body: 'old side', createdAt: at }] },
  { id: 'T3', path: 'src/calc.ts', line: null, startLine: null, side: 'RIGHT', isOutdated: true, comments: [{ author: 'ghost', body: 'gone line', createdAt: at }] },
];

function pullRequestReview() {
  const pullRequest: PullRequestData = { forge: 'github', host: 'github.com', owner: 'octo', repo: 'calc', number: 7, title: 'Add zero', url: 'https://github.com/octo/calc/pull/7', baseSha: 'a'.repeat(40), headSha: 'b'.repeat(40), threads: THREADS };
  return createHarness(makeReview(CALC_PATCH, CALC_FILES, { pullRequest }));
}

describe("the pull request's threads on GitHub", () => {
  it('sit under their lines on their side; an outdated one has no card in the diff', () => {
    const h = pullRequestReview();
    const s = h.store.getState();
    const items = createItemsBuilder()({ files: s.files, annotations: [], composer: null, isCollapsed: () => false, forgeThreads: THREADS });
    const slots = items[0]!.annotations!.filter((slot) => slot.metadata.kind === 'forge-thread');
    expect(slots.map((slot) => [slot.metadata, slot.side, slot.lineNumber])).toEqual([
      [{ kind: 'forge-thread', id: 'T1' }, 'additions', 2],
      [{ kind: 'forge-thread', id: 'T2' }, 'deletions', 9],
    ]);
  });

  it('show each comment by its author, rendered and sanitized, with no reply or resolve', async () => {
    renderWithReview(<ForgeThreadCard id="T1" />, pullRequestReview());
    const card = screen.getByRole('article', { name: 'Thread on GitHub by @mona, line 2' });
    expect(within(card).getByText('on GitHub · @mona')).toBeTruthy();
    await waitFor(() => expect(card.querySelector('strong')?.textContent).toBe('+ 0'), { timeout: 5000 });
    expect(within(card).getByText('@hubot')).toBeTruthy();
    expect(card.querySelector('img, script')).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
    expect(within(card).queryAllByRole('button')).toEqual([]);
  });

  it('are all listed in the sidebar, the outdated one with its comments', () => {
    renderWithReview(<ForgeThreadList />, pullRequestReview());
    const list = screen.getByRole('region', { name: 'Threads on GitHub' });
    expect(within(list).getByText('line 2')).toBeTruthy();
    expect(within(list).getByText('lines 8-9 (old)')).toBeTruthy();
    const outdated = list.querySelector('[data-forge-thread="T3"]')!;
    expect(outdated.textContent).toContain('outdated');
    expect(outdated.textContent).toContain('gone line');
    expect(within(list).getAllByRole('button')).toHaveLength(2);
  });

  it("are counted in the Comments tab, the outdated one too, as the tab lists them", () => {
    renderWithReview(<Sidebar />, pullRequestReview());
    expect(screen.getByRole('tab', { name: /Comments/ }).textContent).toContain('3');
  });
});
