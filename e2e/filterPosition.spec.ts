/**
 * The file filter and the place in the diff: with a filter the pane shows the
 * first matching file from its top (not the end of the last one); cleared, the
 * file at the top of the view stays there and `j` goes on from it, not from a
 * file picked while filtering.
 */
import { expect, test, type Page } from '@playwright/test';
import { undoAfterEachTest } from './support/afterTest';
import { openReview } from './support/redline';
import { repoWith } from './support/repoWith';

const after = undoAfterEachTest();

const pathOf = (i: number) => `src/mod${String(i).padStart(2, '0')}.ts`;
const body = (i: number) => Array.from({ length: 40 }, (_, n) => `export const v${i}_${n + 1} = ${n + 1};`).join('\n') + '\n';

/** 30 files of 40 lines, lines 5 and 30 of each changed: two hunks a file, each file taller than the window's half. */
function filesRepo(): string {
  const base: Record<string, string> = {};
  const change: Record<string, string> = {};
  for (let i = 1; i <= 30; i++) {
    base[pathOf(i)] = body(i);
    change[pathOf(i)] = body(i).replace(`v${i}_5 = 5;`, `v${i}_5 = 500;`).replace(`v${i}_30 = 30;`, `v${i}_30 = 3000;`);
  }
  return repoWith(base, change);
}

/** The file whose header or lines are at the top edge of the diff pane, and how far its top is below that edge (px). */
const atTop = (page: Page) =>
  page.evaluate(() => {
    const pane = document.querySelector('.diff-scroll')!.getBoundingClientRect();
    for (const host of Array.from(document.querySelectorAll('diffs-container'))) {
      const box = host.getBoundingClientRect();
      if (box.height > 0 && box.top <= pane.top + 40 && box.bottom > pane.top + 40) {
        return { path: host.shadowRoot?.querySelector('[data-title]')?.textContent ?? '', below: Math.round(box.top - pane.top) };
      }
    }
    return null;
  });

const topFile = async (page: Page) => (await atTop(page))?.path;
const treeRow = (page: Page, path: string) => page.locator('.file-tree-rows').getByRole('button', { name: new RegExp(`^${path.replace('.', '\\.')},`) });

test('a filter shows its first file from the top; cleared, the file at the top stays and j goes on from it', async ({ page }) => {
  const redline = await after.redlineOn(filesRepo());
  await openReview(page, redline);
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();

  // Scrolled to the end of the whole diff with the wheel, as a reviewer is when they filter.
  await page.mouse.move(800, 500);
  for (let i = 0; i < 30; i++) await page.mouse.wheel(0, 1500);
  await expect.poll(() => topFile(page)).toBe(pathOf(29));

  const filter = page.getByRole('searchbox', { name: 'Filter files' });
  await filter.fill('mod1');
  await expect(page.locator('.file-tree-count')).toHaveText('10 of 30');
  // The first match (mod10) from its top: its header at the pane's top edge (main: the end of mod18 and mod19).
  await expect.poll(() => topFile(page)).toBe(pathOf(10));
  expect(Math.abs((await atTop(page))!.below)).toBeLessThanOrEqual(20);

  // The last match picked in the tree while filtering: it cannot reach the top edge (the diff ends), so an earlier file is at the top.
  await treeRow(page, pathOf(19)).click();
  await expect(page.locator('[aria-current="location"]')).toHaveAttribute('aria-label', new RegExp(`^${pathOf(19).replace('.', '\\.')},`));

  // Cleared: the current file (mod19) is at the top of the view and stays there, and j goes on to mod20 (main: the file before it at the top, and j went on from the one picked in the tree).
  await filter.fill('');
  await expect(page.locator('.file-tree-count')).toHaveCount(0);
  await expect.poll(() => topFile(page)).toBe(pathOf(19));
  await page.waitForTimeout(1000);
  expect(await topFile(page)).toBe(pathOf(19));
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('j');
  await expect(page.locator('[aria-current="location"]')).toHaveAttribute('aria-label', new RegExp(`^${pathOf(20).replace('.', '\\.')},`));
  await expect.poll(() => topFile(page)).toBe(pathOf(20));
});
