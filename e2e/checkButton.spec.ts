/**
 * Check before sending, in Chromium against the real CLI and server: the
 * reviewer suggests a fix, presses Check, and the repository's own check
 * command (configured in its package.json: `node -e` reading sum.mjs) fails
 * with it; they change the suggestion, the result is marked stale, Check
 * again passes, and the feedback sent carries the "checked" line. The panel
 * is photographed failing at 1400×900 and 800×700 (docs/screenshots/
 * check-panel-*.png with SCREENSHOTS=1, else to the test's output).
 */
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openReview, sendFeedback, startRedline, type RunningRedline } from './support/redline';
import { repoWith } from './support/repoWith';
import { lineNumber } from './support/reviewPage';
import { screenshotAtBothSizes, screenshotsToOutput } from './support/screenshots';

const CHECK = `node -e "process.exit(require('fs').readFileSync('sum.mjs','utf8').includes('a + b') ? 0 : (console.error('sum(2, 3) should be 5'), 1))"`;
const ADDS = 'export function sum(a, b) {\n  return a + b;\n}\n';

let dir: string;
let redline: RunningRedline | null = null;

test.beforeEach(() => {
  dir = repoWith(
    { 'package.json': JSON.stringify({ name: 'sums', private: true, redline: { check: CHECK } }, null, 2), 'sum.mjs': ADDS },
    { 'sum.mjs': ADDS.replace('a + b', 'a - b') },
  );
});

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  rmSync(dir, { recursive: true, force: true });
});

test('Check fails with a wrong suggestion, passes once it is changed, and the feedback says it was checked', async ({ page }, testInfo) => {
  redline = await startRedline({ cwd: dir });
  await openReview(page, redline);
  const checkButton = page.getByRole('button', { name: /^Check/ });
  await expect(checkButton).toBeDisabled();

  await lineNumber(page, 'sum.mjs', 'new', 2).click();
  await page.keyboard.press('c');
  await page.getByRole('button', { name: 'Suggest change' }).click();
  await page.getByRole('textbox', { name: 'Suggested code' }).fill('  return a * b;');
  await page.getByRole('button', { name: 'Add suggestion' }).click();

  await expect(checkButton).toBeEnabled();
  await checkButton.click();
  const panel = page.getByRole('dialog', { name: 'Check before sending' });
  await expect(panel.getByRole('status')).toContainText(/^Failed: `node -e .*` failed in [\d.]+ s with this suggestion: exit 1$/, { timeout: 20_000 });
  await expect(panel.getByLabel('Output')).toHaveText('sum(2, 3) should be 5\n');
  await expect(panel.getByText('copied 2 files')).toBeVisible();
  await expect(panel.getByText('applied 1 suggestion (1 file changed)')).toBeVisible();
  await screenshotAtBothSizes(page, 'check-panel');
  await screenshotsToOutput(page, 'check-panel', (name) => testInfo.outputPath(name));

  await page.getByRole('button', { name: /^Edit suggestion on Line 2/ }).first().click();
  await page.getByRole('textbox', { name: 'Suggested code' }).fill('  return a + b;');
  await page.getByRole('button', { name: 'Update suggestion' }).click();
  await expect(panel.getByText(/^Suggestions changed since the check/)).toBeVisible();

  await panel.getByRole('button', { name: 'Check again' }).click();
  await expect(panel.getByRole('status')).toContainText(/^Passed: `node -e .*` passed in [\d.]+ s with this suggestion$/, { timeout: 20_000 });
  await expect(panel.getByText(/changed since the check/)).toHaveCount(0);
  await panel.getByRole('button', { name: 'Close the check panel' }).click();

  expect(await sendFeedback(page, redline)).toBe(0);
  expect(redline.stdout()).toMatch(/\n## Checked before sending\n\nchecked: `node -e .*` passed in [\d.]+ s with this suggestion\n\n- `[0-9a-f]{12}`\n$/);
});
