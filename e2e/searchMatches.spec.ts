/**
 * Search counts matches, not lines, and Enter visits every one of them (the
 * second on a line too); every match drawn is highlighted and the current one
 * apart (CSS Custom Highlight API). And `/needle` typed with no delay lands in
 * the search box, which is a lazy panel: no key of it runs a shortcut.
 */
import { expect, test, type Page } from '@playwright/test';
import { undoAfterEachTest } from './support/afterTest';
import { openReview } from './support/redline';
import { repoWith } from './support/repoWith';
import { screenshotAtBothSizes } from './support/screenshots';

const after = undoAfterEachTest();

/** 30 lines; the change puts "needle" on 15 of them, twice on lines 4 and 9: 17 matches on 15 lines. */
function haystackRepo(): string {
  const line = (i: number, needles: number) => `export const hay${i} = ${JSON.stringify(`straw ${'needle '.repeat(needles)}`.trim())};`;
  const twice = new Set([4, 9]);
  const withNeedle = new Set([1, 2, 4, 6, 8, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27]);
  const text = (needles: (i: number) => number) => Array.from({ length: 30 }, (_, i) => line(i + 1, needles(i + 1))).join('\n') + '\n';
  return repoWith({ 'src/hay.ts': text(() => 0) }, { 'src/hay.ts': text((i) => (twice.has(i) ? 2 : withNeedle.has(i) ? 1 : 0)) });
}

/** The current match: its line and where it starts in that line's text, from the `redline-search-match` highlight. */
const currentMatch = (page: Page) =>
  page.evaluate(() => {
    // (The e2e tsconfig's DOM types have no HighlightRegistry.get: it is a Map of Highlights, each a Set of ranges.)
    const [range] = [...((CSS.highlights as unknown as Map<string, Set<Range>>).get('redline-search-match') ?? [])];
    const row = range?.startContainer.parentElement?.closest('[data-line]');
    if (!range || !row) return null;
    const before = document.createRange();
    before.setStart(row, 0);
    before.setEnd(range.startContainer, range.startOffset);
    return `${row.getAttribute('data-line')}:${before.toString().length}:${range.toString()}`;
  });

test('"1 of 17" for 17 matches on 15 lines; Enter visits each, the second on a line too; all highlighted, the current apart; /needle typed at once lands in the box', async ({ page }) => {
  const redline = await after.redlineOn(haystackRepo());
  await openReview(page, redline);
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();

  // No delay between the keys: the search box is a lazy panel, mounted after `/`.
  await page.keyboard.type('/needle', { delay: 0 });
  const box = page.getByRole('searchbox', { name: 'Search' });
  await expect(box).toHaveValue('needle');
  await expect(box).toBeFocused();
  await expect(page.locator('.search-status')).toHaveText('1 of 17');
  // No key ran a shortcut: no line cursor (`n`), no comment form, nothing else open.
  await expect(page.locator('[data-line-cursor-announcer]')).toHaveText('');
  await expect(page.getByRole('textbox', { name: /^Comment/ })).toHaveCount(0);

  // Every match drawn is highlighted (only new lines hold it), the current one by a highlight of its own, drawn over the others.
  const highlights = () => page.evaluate(() => {
    const registry = CSS.highlights as unknown as Map<string, Set<Range> & { priority: number }>;
    const [every, current] = [registry.get('redline-search-matches'), registry.get('redline-search-match')];
    return { every: every?.size ?? 0, current: current?.size ?? 0, currentDrawnOver: (current?.priority ?? 0) > (every?.priority ?? 0) };
  });
  await expect.poll(highlights).toEqual({ every: 17, current: 1, currentDrawnOver: true });

  // Enter visits all 17, in order, the second match on lines 4 and 9 included, then wraps to the first.
  const visited: string[] = [];
  for (let i = 1; i <= 17; i++) {
    await expect(page.locator('.search-status')).toHaveText(`${i} of 17`);
    await expect.poll(() => currentMatch(page)).not.toBe(visited.at(-1) ?? null);
    visited.push((await currentMatch(page))!);
    await box.press('Enter');
  }
  await expect(page.locator('.search-status')).toHaveText('1 of 17');
  expect(new Set(visited).size).toBe(17);
  expect(visited.filter((v) => v.startsWith('4:'))).toEqual(['4:27:needle', '4:34:needle']);
  expect(visited.filter((v) => v.startsWith('9:'))).toEqual(['9:27:needle', '9:34:needle']);
  expect(visited.every((v) => v.endsWith(':needle'))).toBe(true);

  // With SCREENSHOTS=1: docs/screenshots/search-matches-{1400x900,800x700}.png, the fourth match current, every match marked.
  if (process.env.SCREENSHOTS) for (let i = 0; i < 3; i++) await box.press('Enter');
  await screenshotAtBothSizes(page, 'search-matches');

  // Closed: no highlight left.
  await box.press('Escape');
  await expect.poll(highlights).toEqual({ every: 0, current: 0, currentDrawnOver: false });
});
