/**
 * Follow the agent live: the agent edits files while the reviewer is typing
 * a comment; the diff updates itself within 2 s (the server watches the
 * working tree and answers the page's wait at once), says what changed, and
 * the half-typed comment is still there.
 */
import { writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repoWith } from './support/repoWith';
import { openReview, startRedline } from './support/redline';
import { fileDiff, lineNumber } from './support/reviewPage';

let dir: string;
test.beforeEach(() => {
  dir = repoWith({ 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': 'export const b = 1;\n' }, { 'src/a.ts': 'export const a = 2;\n' });
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("the agent's edits appear within 2 s while a comment is being typed, and the typed text survives", async ({ page }) => {
  const running = await startRedline({ cwd: dir, preferences: { settings: { followLive: 'on' } } });
  await openReview(page, running);
  await lineNumber(page, 'src/a.ts', 'new', 1).click();
  await page.keyboard.press('c');
  const box = page.getByRole('textbox', { name: /^Comment/ });
  await box.pressSequentially('Why two? I was about to say');

  // The agent edits one file of the diff and one that was not in it.
  writeFileSync(join(dir, 'src/a.ts'), 'export const a = 3;\n');
  writeFileSync(join(dir, 'src/b.ts'), 'export const b = 42;\n');
  const editedAt = Date.now();
  await expect(fileDiff(page, 'src/b.ts')).toBeVisible({ timeout: 2000 });
  await expect(fileDiff(page, 'src/a.ts')).toContainText('export const a = 3;', { timeout: 2000 });
  expect(Date.now() - editedAt).toBeLessThan(2000);
  await expect(page.getByText('2 files changed by the agent · the diff is up to date')).toBeVisible();
  await expect(box).toHaveValue('Why two? I was about to say');
  await expect(page.locator('.stale-chip')).toHaveCount(0);
  await running.stop();
});

test('with the setting off, the chip offers Refresh and nothing moves by itself', async ({ page }) => {
  const running = await startRedline({ cwd: dir, preferences: { settings: { followLive: 'off' } } });
  await openReview(page, running);
  // The app's own diff is drawn (its review read): an edit before that would be read into it, not be a change after it.
  await expect(fileDiff(page, 'src/a.ts')).toBeVisible();
  writeFileSync(join(dir, 'src/b.ts'), 'export const b = 42;\n');
  await expect(page.getByText('Diff out of date')).toBeVisible({ timeout: 10_000 });
  await expect(fileDiff(page, 'src/b.ts')).toHaveCount(0);
  await running.stop();
});
