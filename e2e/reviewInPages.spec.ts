/**
 * The review in pages (docs/design/reviewInPages.md) through the real CLI,
 * server and page, with the threshold lowered (REDLINE_PAGE_BYTES_THRESHOLD)
 * on a generated change of 400 small files: the page gets the manifest with
 * the first sections and asks for the rest; the last file of the tree opens
 * with its diff, the search finds a needle that only the last page holds, a
 * viewed mark on a late file survives a reload, and a comment on it goes into
 * the export.
 */
import { expect, test, type Page } from '@playwright/test';
import { rmSync } from 'node:fs';
import { API } from '@redline/core';
import { undoAfterEachTest } from './support/afterTest';
import { openReview, sendFeedback, startRedline, type RunningRedline } from './support/redline';
import { repoWith } from './support/repoWith';
import { commentOnLine, fileDiff } from './support/reviewPage';

const after = undoAfterEachTest();

const FILES = 400;
const LAST = 'zz/last.ts';
const NEEDLE = 'needleOnlyInTheLastPage';
const pathOf = (i: number) => `src/d${String(i % 20).padStart(2, '0')}/file${String(i).padStart(3, '0')}.ts`;
const body = (i: number, changed: string) => Array.from({ length: 8 }, (_, n) => `export const v${i}_${n} = ${n === 3 ? changed : String(n)};`).join('\n') + '\n';

/** 400 changed files of 8 lines (a patch of about 150 KB) and, last in the tree, zz/last.ts with the needle. */
function manyFilesRepo(): string {
  const base: Record<string, string> = { [LAST]: body(999, '3') };
  const change: Record<string, string> = { [LAST]: body(999, `'${NEEDLE}'`) };
  for (let i = 0; i < FILES; i++) {
    base[pathOf(i)] = body(i, '3');
    change[pathOf(i)] = body(i, '33');
  }
  return repoWith(base, change);
}

/** Paging from 20 KB on: the manifest holds 1/32 of that, a few files; one more request brings the rest. */
async function startPaged(): Promise<RunningRedline> {
  const dir = manyFilesRepo();
  after(() => rmSync(dir, { recursive: true, force: true }));
  const redline = await startRedline({ cwd: dir, env: { REDLINE_PAGE_BYTES_THRESHOLD: '20000' } });
  after(() => redline.stop());
  return redline;
}

/** Opens the review; resolves once the page has asked for (and got) the rest of the sections. */
async function openPaged(page: Page, redline: RunningRedline): Promise<void> {
  const sections = page.waitForResponse((response) => response.url().includes(API.reviewSections) && response.status() === 200);
  await openReview(page, redline);
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible({ timeout: 30_000 });
  await sections;
}

/** The last file's row, brought into the (virtualized) tree by the filter. */
async function showLast(page: Page) {
  await page.getByRole('searchbox', { name: 'Filter files' }).fill('zz/');
  const row = page.locator('.file-tree-rows').getByRole('button', { name: new RegExp(`^${LAST.replace(/[.]/g, '\\.')},`) });
  await row.click();
}

test('a paged review: the last file opens with its diff, search finds what only the last page holds, a viewed mark survives a reload, a late comment is exported', async ({ page }) => {
  test.setTimeout(120_000);
  const redline = await startPaged();
  // The sections are held back at first: every file is listed at once, a late one says it is loading.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${API.reviewSections}?*`, async (route) => {
    await held;
    await route.continue();
  });
  const pages = openPaged(page, redline);
  await expect(page.locator('.sidebar-progress')).toHaveText(`0/${FILES + 1} viewed`);
  await showLast(page);
  await expect(fileDiff(page, LAST)).toContainText('Loading this file’s diff…');
  release();
  await pages;

  // The last file of the tree then shows its lines, not the loading notice.
  await expect(fileDiff(page, LAST).locator('[data-line]').first()).toBeVisible();
  await expect(fileDiff(page, LAST)).not.toContainText('Loading this file');

  // The search finds the needle only the last page carried.
  const filter = page.getByRole('searchbox', { name: 'Filter files' });
  await filter.fill('');
  await filter.blur();
  await page.keyboard.type(`/${NEEDLE}`, { delay: 0 });
  await expect(page.locator('.search-status')).toHaveText('1 of 1');
  await page.keyboard.press('Escape');

  // Viewed on the late file, saved with the draft, still there after a reload (once its section is back).
  await showLast(page);
  await page.getByRole('checkbox', { name: `Viewed ${LAST}` }).check();
  await expect(page.getByText('Draft saved')).toBeVisible();
  const reloaded = page.waitForResponse((response) => response.url().includes(API.reviewSections) && response.status() === 200);
  await page.reload();
  await reloaded;
  await expect(page.locator('.sidebar-progress')).toHaveText(`1/${FILES + 1} viewed`);
  await showLast(page);
  await expect(page.getByRole('checkbox', { name: `Viewed ${LAST}` })).toBeChecked();

  // Unfold it (viewed files fold) and comment on its changed line: the export carries it.
  await page.getByRole('checkbox', { name: `Viewed ${LAST}` }).uncheck();
  await commentOnLine(page, LAST, 4, 'A late file, commented.');
  expect(await sendFeedback(page, redline)).toBe(0);
  expect(redline.stdout()).toContain(LAST);
  expect(redline.stdout()).toContain('A late file, commented.');
});
