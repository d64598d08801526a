/**
 * Two tabs of one review never overwrite each other's
 * drafts silently. Both tabs load the same (empty) draft; the first to save
 * wins, and the other is refused by the server (409 draft-conflict), says
 * so and saves no more. Before, the last writer won and the other tab's
 * comment was gone on reload, with no warning.
 */
import { expect, test } from '@playwright/test';
import { SESSION_STORAGE_KEY } from '@redline/core';
import { createFixtureRepo, type FixtureRepo } from './support/fixtureRepo';
import { openReview, startRedline, type RunningRedline } from './support/redline';
import { commentOnLine } from './support/reviewPage';

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

test('a second tab that saves over the first tab\'s draft is refused and says so; the first tab\'s work stays', async ({ page, context }) => {
  redline = await startRedline({ cwd: fixture.dir });
  await openReview(page, redline);
  // The second tab is signed in by the secret the first tab keeps in this origin's storage: open it
  // once the first tab has it (opened earlier, on a loaded machine, it was not signed in yet and
  // never showed a diff: this test's failure in the full suite).
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).not.toBeNull();
  const second = await context.newPage();
  await second.goto(`${redline.origin}/`);
  const { modified } = fixture.files;
  // A reload of / carries no first screen: the second tab waits for the app's own diff.
  await second.bringToFront();
  await expect(second.locator('diffs-container [data-line]').first()).toBeVisible({ timeout: 20_000 });
  await page.bringToFront();
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();

  await commentOnLine(page, modified, 2, 'From the first tab.');
  await expect(page.getByText('Draft saved')).toBeVisible();

  await second.bringToFront();
  await commentOnLine(second, modified, 2, 'From the second tab.');
  await expect(second.getByText('Not saved: saved from another tab')).toBeVisible();
  await expect(second.getByText(/saved from another tab, so this tab no longer saves/)).toBeVisible();

  await page.bringToFront();
  await page.reload();
  await expect(page.getByRole('article', { name: 'Comment, Line 2 (new)' }).filter({ hasText: 'From the first tab.' })).toBeVisible();
  await expect(page.getByText('From the second tab.')).toHaveCount(0);
});
