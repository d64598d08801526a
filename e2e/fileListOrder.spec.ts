/**
 * Finding the biggest change in a real port (the yaml package's 2.5.0 → 2.8.1,
 * 136 files): the file list ranked by changed lines, and by size, puts it
 * first; the diff keeps the review's order. With SCREENSHOTS=1, both lists
 * at 1400×900 and 800×700: docs/screenshots/file-list-by-{changes,size}-*.png.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { realChangeRepo, type RealChange } from './support/realChange';
import { openReview, startRedline } from './support/redline';
import { screenshotAtBothSizes } from './support/screenshots';

let change: RealChange;
test.beforeEach(() => {
  change = realChangeRepo();
});
test.afterEach(() => change.cleanup());

/** git's own count of each file's changed lines (tracked files; the new ones counted by their lines). */
function mostChangedPath(root: string): string {
  execFileSync('git', ['add', '--intent-to-add', '--all'], { cwd: root });
  const rows = execFileSync('git', ['diff', '--numstat', '--no-renames'], { cwd: root, encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.split('\t'))
    .filter(([added]) => added !== '-')
    .map(([added, deleted, path]) => ({ path: path!, lines: Number(added) + Number(deleted) }));
  execFileSync('git', ['reset', '--quiet'], { cwd: root });
  rows.sort((a, b) => b.lines - a.lines);
  return rows[0]!.path;
}

test('ranked by changed lines, the largest change is the first row; the diff keeps its order', async ({ page }) => {
  test.setTimeout(120_000);
  const expected = mostChangedPath(change.root);
  await page.setViewportSize({ width: 1400, height: 900 });
  const running = await startRedline({ cwd: change.root });
  await openReview(page, running);
  const tree = page.getByRole('navigation', { name: 'Changed files' });
  const firstDiffBefore = await page.locator('diffs-container [data-title]').first().textContent();

  await page.getByRole('combobox', { name: 'List files by' }).selectOption('changes');
  const first = tree.locator('.tree-file').first();
  await expect(first).toHaveAttribute('aria-label', new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')},`));
  await expect(tree.locator('.tree-folder')).toHaveCount(0);
  await screenshotAtBothSizes(page, 'file-list-by-changes');

  await page.getByRole('combobox', { name: 'List files by' }).selectOption('size');
  await expect(tree.locator('.tree-folder')).toHaveCount(0);
  await screenshotAtBothSizes(page, 'file-list-by-size');
  await page.getByRole('combobox', { name: 'List files by' }).selectOption('tree');
  await expect(tree.locator('.tree-folder').first()).toBeVisible();
  expect(await page.locator('diffs-container [data-title]').first().textContent()).toBe(firstDiffBefore);
  await running.stop();
});
