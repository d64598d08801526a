/**
 * Finding your way in a big change, against the real CLI and
 * server on a real repository of 30 changed files: collapse all / expand
 * all, hide viewed files, the filter narrowing the diff, a link per file
 * that a reload returns to (and that never carries the sign-in secret), and
 * unified view's two line-number columns.
 */
import { expect, test, type Page } from '@playwright/test';
import { rmSync } from 'node:fs';
import { openReview, startRedline, type PreferencesChoice, type RunningRedline } from './support/redline';
import { repoWith } from './support/repoWith';
import { fileDiff } from './support/reviewPage';

let redline: RunningRedline | null = null;
/** What each test leaves behind (its repository, its redline), undone last first. */
const cleanups: (() => Promise<void> | void)[] = [];
test.afterEach(async () => {
  for (const undo of cleanups.splice(0).reverse()) await undo();
});

async function startOnBigRepo(preferences?: PreferencesChoice): Promise<RunningRedline> {
  const dir = bigRepo();
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const running = await startRedline({ cwd: dir, ...(preferences ? { preferences } : {}) });
  cleanups.push(() => running.stop());
  return running;
}

const FILES = 30;
const pathOf = (i: number) => `src/mod${String(i).padStart(2, '0')}.ts`;
const body = (i: number, lines: number) => Array.from({ length: lines }, (_, n) => `export const v${i}_${n + 1} = ${n + 1};`).join('\n') + '\n';

/** 30 changed files (one line each), and `src/long.ts` with 2 lines inserted at 10: below them, old line N shows as new N + 2. */
function bigRepo(): string {
  const base: Record<string, string> = { 'src/long.ts': body(99, 60) };
  const change: Record<string, string> = {};
  for (let i = 1; i <= FILES; i++) {
    base[pathOf(i)] = body(i, 12);
    change[pathOf(i)] = body(i, 12).replace(`v${i}_6 = 6;`, `v${i}_6 = 600; // changed`);
  }
  const long = body(99, 60).split('\n');
  long.splice(9, 0, ...Array.from({ length: 2 }, (_, n) => `export const inserted${n} = ${n};`));
  change['src/long.ts'] = long.join('\n');
  return repoWith(base, change);
}

async function open(page: Page, preferences?: PreferencesChoice): Promise<void> {
  redline = await startOnBigRepo(preferences);
  await openReview(page, redline);
  // The first diff under a loaded machine (load average 17 on 2 cores while this was written: 9.6 s).
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible({ timeout: 30_000 });
}

const treeRow = (page: Page, path: string) => page.locator('.file-tree-rows').getByRole('button', { name: new RegExp(`^${path.replace(/[.]/g, '\\.')},`) });
const collapseToggles = (page: Page) => page.locator('.btn-collapse');

test('collapse all and expand all, from the header and with z', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Collapse all files' }).click();
  await expect(page.locator('diffs-container [data-line]')).toHaveCount(0);
  await expect(collapseToggles(page).first()).toHaveAttribute('aria-expanded', 'false');
  expect(await collapseToggles(page).evaluateAll((all) => all.every((b) => b.getAttribute('aria-expanded') === 'false'))).toBe(true);

  await page.locator('body').press('z');
  await expect(page.getByRole('button', { name: 'Collapse all files' })).toBeVisible();
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();
  expect(await collapseToggles(page).evaluateAll((all) => all.every((b) => b.getAttribute('aria-expanded') === 'true'))).toBe(true);
  await page.locator('body').press('z');
  await expect(page.getByRole('button', { name: 'Expand all files' })).toBeVisible();
  await expect(page.locator('diffs-container [data-line]')).toHaveCount(0);
});

test('hide viewed files: the file being read stays until another is current; the counter; turning it off brings them back', async ({ page }) => {
  await open(page);
  const first = pathOf(1);
  await page.getByRole('checkbox', { name: 'Hide viewed files' }).check();
  await expect(page.getByText('0 hidden')).toBeVisible();

  // The file being read is marked viewed: it folds where it is, still in the tree and the diff.
  await treeRow(page, first).click();
  await page.locator('body').press('v');
  await expect(page.getByRole('checkbox', { name: `Viewed ${first}` })).toBeChecked();
  await expect(treeRow(page, first)).toBeVisible();
  await expect(fileDiff(page, first)).toHaveCount(1);

  // On to the next file: the viewed one leaves the tree and the diff, and the counter says so.
  await page.locator('body').press('j');
  await expect(page.locator('[aria-current="location"]')).toContainText('mod02.ts');
  await expect(treeRow(page, first)).toHaveCount(0);
  await expect(fileDiff(page, first)).toHaveCount(0);
  await expect(page.getByText('1 hidden')).toBeVisible();
  await expect(page.locator('.sidebar-progress')).toHaveText(`1/${FILES + 1} viewed`);

  // Shift+V on the current file: it goes, and the next one not viewed is current.
  await page.locator('body').press('Shift+V');
  await expect(page.locator('[aria-current="location"]')).toContainText('mod03.ts');
  await expect(page.getByText('2 hidden')).toBeVisible();
  await expect(fileDiff(page, pathOf(2))).toHaveCount(0);

  // A header's Viewed box on a file further down: that file stays (it becomes the current one) until the reader moves on.
  const fifth = pathOf(5);
  await treeRow(page, fifth).click();
  await page.locator('body').press('j');
  await expect(page.locator('[aria-current="location"]')).toContainText('mod06.ts');
  await page.getByRole('checkbox', { name: `Viewed ${fifth}` }).check();
  await expect(page.locator('[aria-current="location"]')).toContainText('mod05.ts');
  await expect(fileDiff(page, fifth)).toHaveCount(1);
  await page.locator('body').press('j');
  await expect(fileDiff(page, fifth)).toHaveCount(0);
  await expect(page.getByText('3 hidden')).toBeVisible();

  // Off: they come back, still viewed (folded); unmarking one unfolds it.
  await page.getByRole('checkbox', { name: 'Hide viewed files' }).uncheck();
  await expect(treeRow(page, first)).toBeVisible();
  await treeRow(page, first).click();
  const viewedBox = page.getByRole('checkbox', { name: `Viewed ${first}` });
  await expect(viewedBox).toBeChecked();
  await viewedBox.uncheck();
  await expect(fileDiff(page, first).locator('[data-line]').first()).toBeVisible();
});

test('the filter narrows the diff as well as the tree; j, the line cursor and search go by what is shown; clearing brings all back', async ({ page }) => {
  await open(page);
  const filter = page.getByRole('searchbox', { name: 'Filter files' });
  await filter.fill('mod1');
  await expect(page.locator('.file-tree-count')).toHaveText(`10 of ${FILES + 1}`);
  // Only mod10..mod19 in the diff: its first file is mod10, and mod01 (first in the review) is not drawn.
  await expect(fileDiff(page, pathOf(10))).toHaveCount(1);
  await expect(fileDiff(page, pathOf(1))).toHaveCount(0);
  await expect(page.locator('diffs-container [data-title]').first()).toHaveText(/mod10\.ts/);

  // Search counts only the shown files' lines: "= 600" is on one line of each of the 30 files.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('= 600');
  await expect(page.locator('.search-bar')).toContainText('1 of 10');
  await page.keyboard.press('Escape');

  // The line cursor and j stay within the shown files.
  await treeRow(page, pathOf(19)).click();
  await page.locator('body').press('j');
  await expect(page.locator('[aria-current="location"]')).toContainText('mod19.ts');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('ArrowDown');
  const cursor = page.locator('[data-line-cursor-announcer]');
  await expect(cursor).toHaveText(/^src\/mod19\.ts/);
  // mod19 shows 8 lines: past its last, the cursor stays there (mod20, next in the review, is not shown).
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowDown');
  await expect(cursor).toHaveText(/^src\/mod19\.ts, new line 9/);
  await page.keyboard.press('Escape');

  await filter.fill('');
  await expect(page.locator('.file-tree-count')).toHaveCount(0);
  await expect(treeRow(page, pathOf(1))).toBeVisible();
  await treeRow(page, pathOf(1)).click();
  await expect(fileDiff(page, pathOf(1))).toHaveCount(1);
});

test('a link per file: the address follows the current file without history entries, copy link gives it, a reload returns to it; the secret never lands in the address', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page);
  const token = new URL(redline!.url).searchParams.get('token')!;
  const historyLength = await page.evaluate(() => history.length);
  const target = pathOf(20);

  await treeRow(page, pathOf(5)).click();
  await expect(page).toHaveURL(`${redline!.origin}/#file=src%2Fmod05.ts`);
  await treeRow(page, target).click();
  await expect(page).toHaveURL(`${redline!.origin}/#file=src%2Fmod20.ts`);
  expect(await page.evaluate(() => history.length), 'replaceState: no history entry per file').toBe(historyLength);

  await fileDiff(page, target).getByRole('button', { name: `Copy a link to ${target}` }).click();
  await expect(page.getByText(`Link to ${target} copied.`)).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${redline!.origin}/#file=src%2Fmod20.ts`);

  const secret = await page.evaluate(() => localStorage.getItem('redline-session'));
  expect(secret, 'signed in').toMatch(/^[0-9a-f]{32,}$/);
  for (const address of [page.url(), copied]) {
    expect(address).not.toContain(token);
    expect(address).not.toContain(secret!);
  }

  await page.reload();
  await expect(page.locator('[aria-current="location"]')).toContainText('mod20.ts', { timeout: 15_000 });
  await expect(fileDiff(page, target).locator('[data-title]')).toBeInViewport();
  await expect(page).toHaveURL(`${redline!.origin}/#file=src%2Fmod20.ts`);

  // Opening the copied link in a new tab of the same browser (signed in) goes there too.
  const other = await context.newPage();
  await other.goto(copied);
  await expect(other.locator('[aria-current="location"]')).toContainText('mod20.ts', { timeout: 15_000 });
  await other.close();
});

test('the review link with a #file fragment: the token is spent and taken out, the fragment kept and followed', async ({ page }) => {
  redline = await startOnBigRepo();
  await page.goto(`${redline.url}#file=src%2Fmod25.ts`);
  await expect(page.locator('[aria-current="location"]')).toContainText('mod25.ts', { timeout: 15_000 });
  await expect(page).toHaveURL(`${redline.origin}/#file=src%2Fmod25.ts`);
});

test('unified view shows the old and the new line numbers, two columns', async ({ page }) => {
  await open(page, { settings: { diffStyle: 'unified' } });
  await treeRow(page, 'src/long.ts').click();
  const long = fileDiff(page, 'src/long.ts');
  const number = (type: string, newLine: number) => long.locator(`[data-column-number][data-line-type="${type}"] [data-new-number="${newLine}"]`);
  // An unchanged line below the 2 inserted: old 12 is new 14; an inserted line has no old number; above them both are the same.
  await expect(number('context', 14)).toHaveAttribute('data-old-number', '12');
  await expect(number('change-addition', 10)).toHaveAttribute('data-old-number', '');
  await expect(number('context', 9)).toHaveAttribute('data-old-number', '9');
  // Drawn: both numbers, in that order, where Pierre's one was (its own text at size 0).
  const drawn = () => number('context', 14).evaluate((el) => [getComputedStyle(el, '::before').content, getComputedStyle(el, '::after').content, getComputedStyle(el).fontSize]);
  await expect.poll(drawn).toEqual(['"12"', '"14"', '0px']);
  // Split view has its own two gutters: nothing is added there.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog').getByText('Split', { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(long.locator('code[data-deletions] [data-column-number="12"]')).toBeVisible();
  await expect(long.locator('code[data-additions] [data-column-number="14"]')).toBeVisible();
  expect(await long.evaluate((el) => el.hasAttribute('data-both-line-numbers'))).toBe(false);
});

test('at 800 px the header keeps every control in view (the new Collapse all button included)', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 700 });
  await open(page);
  const header = page.locator('header.topbar');
  expect(await header.evaluate((el) => el.scrollWidth - el.clientWidth), 'no overflow').toBeLessThanOrEqual(0);
  for (const name of ['Collapse all files', 'Search', 'Keyboard shortcuts', 'Settings', 'Close review']) await expect(page.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: /^Send Feedback/ })).toBeInViewport({ ratio: 1 });
});

test.describe('screenshots', () => {
  // Skipped in the normal suite on purpose: it rewrites tracked images under docs/screenshots and asserts
  // nothing the tests above do not; run it with SCREENSHOTS=1 to refresh them, then look at them.
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to refresh docs/screenshots');
  for (const [width, height] of [
    [1400, 900],
    [800, 700],
  ] as const) {
    test(`a big change narrowed: filter, hide viewed, unified with two number columns, ${width}x${height}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await open(page, { settings: { diffStyle: 'unified' } });
      await page.getByRole('checkbox', { name: 'Hide viewed files' }).check();
      await page.getByRole('checkbox', { name: `Viewed ${pathOf(1)}` }).check();
      await page.getByRole('searchbox', { name: 'Filter files' }).fill('mod0');
      await treeRow(page, pathOf(3)).click();
      await expect(page.getByText('1 hidden')).toBeVisible();
      await page.mouse.move(1, 1);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `docs/screenshots/big-change-${width}x${height}.png` });
    });
  }
});
