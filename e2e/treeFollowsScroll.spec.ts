/**
 * The file tree keeps the current file's row in sight as the diff scrolls
 * (navigation/FileTree.tsx): in a window too short for all 46 rows, scrolling
 * the diff to its end brings the last files' rows into the tree's view, and
 * back to the top brings the first. The tree judges "in sight" from its own
 * record of its scroll position (issue 17: reading the DOM's forced a layout
 * per file passed), so this also checks that record stays true after the
 * tree has scrolled itself.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createFixtureRepo, type FixtureRepo } from './support/fixtureRepo';
import { openReview, startRedline, type RunningRedline } from './support/redline';

let fixture: FixtureRepo;
let redline: RunningRedline | null = null;

test.beforeEach(() => {
  fixture = createFixtureRepo();
});

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  fixture.cleanup();
});

test('the tree scrolls to the current file as the diff scrolls, both ways', async ({ page }) => {
  // 40 more new files (46 in all), so the tree's rows overflow its height.
  for (let i = 0; i < 40; i++) {
    writeFileSync(join(fixture.dir, `zz_padding_${String(i).padStart(2, '0')}.ts`), Array.from({ length: 30 }, (_, n) => `export const v${n} = ${n};`).join('\n') + '\n');
  }
  await page.setViewportSize({ width: 1400, height: 500 });
  redline = await startRedline({ cwd: fixture.dir });
  await openReview(page, redline);
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();
  const current = page.locator('nav[aria-label="Changed files"] .tree-file[aria-current="location"]');
  const codeView = page.locator('.code-view');
  const tree = page.locator('nav[aria-label="Changed files"] .file-tree-scroll');

  // CodeView learns its full height as it measures files: scroll to the end again until it stays there.
  await expect
    .poll(async () => {
      await codeView.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      return current.textContent();
    })
    .toMatch(/zz_padding_3\d\.ts/);
  await expect(current).toBeInViewport();
  expect(await tree.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

  await codeView.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(page.locator('button.tree-file').first()).toHaveAttribute('aria-current', 'location');
  await expect(current).toBeInViewport();
  await expect.poll(() => tree.evaluate((el) => el.scrollTop)).toBe(0);
});
