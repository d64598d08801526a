/**
 * Screenshots of the review page's main states for the docs (1400x900, the
 * demo repository): split, unified, dark, with annotations, the Send
 * Feedback dialog, and the server's first screen. They rewrite files under
 * docs/screenshots, so they run only on request:
 * `SCREENSHOTS=1 npx playwright test e2e/reviewScreenshots.spec.ts`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openReview, startRedline, type RunningRedline } from './support/redline';

const OUT = join(process.cwd(), 'docs/screenshots');

// Skipped in the normal suite on purpose: it rewrites the tracked images under docs/screenshots
// (nothing to assert); run it with SCREENSHOTS=1 to refresh them, then look at them.
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to refresh docs/screenshots');

let redline: RunningRedline | null = null;
test.afterEach(async () => {
  await redline?.stop();
  redline = null;
});

async function shot(page: Page, name: string): Promise<void> {
  await page.mouse.move(1, 1);
  // Highlighting arrives from the workers after the plain text: wait for it on cart.ts.
  const cart = page.locator('diffs-container').filter({ has: page.locator('[data-title]', { hasText: 'src/cart.ts' }) });
  await expect(cart.locator('[data-line] span[style*="--diffs-token"]').first()).toBeAttached({ timeout: 10_000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(OUT, `${name}.png`) });
}

test('docs screenshots of the demo review', async ({ page }) => {
  mkdirSync(OUT, { recursive: true });
  redline = await startRedline({ cwd: process.cwd(), args: ['--demo'] });
  await openReview(page, redline);
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();
  const cart = page.locator('diffs-container').filter({ has: page.locator('[data-title]', { hasText: 'src/cart.ts' }) });
  const line = (n: number) => cart.locator(`code[data-additions] [data-column-number="${n}"]`);

  await page.getByRole('button', { name: /^src\/cart\.ts/ }).click();
  await shot(page, 'review-split');

  // Annotations: a comment and a suggestion on cart.ts, a viewed file.
  await line(13).click();
  await page.keyboard.press('c');
  await page.getByRole('textbox', { name: /^Comment/ }).fill('`i <= items.length` reads one past the end: this adds `NaN` to the sum.');
  await page.getByRole('button', { name: 'Add comment' }).click();
  await line(12).click();
  await page.keyboard.press('c');
  await page.getByRole('button', { name: 'Suggest change' }).click();
  await page.getByRole('textbox', { name: 'Suggested code' }).fill('  for (const item of items) {');
  await page.getByRole('textbox', { name: /^Comment/ }).fill('The old loop was right.');
  await page.getByRole('button', { name: 'Add suggestion' }).click();
  await page.getByRole('group', { name: 'docs/pricing.md actions' }).getByRole('checkbox', { name: 'Viewed' }).check();
  await page.getByRole('button', { name: /^src\/cart\.ts/ }).click();
  await page.getByRole('tab', { name: /Comments/ }).click();
  await line(11).scrollIntoViewIfNeeded();
  await shot(page, 'review-annotations');

  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  await page.getByRole('radio', { name: /^Request changes/ }).check();
  await page.getByRole('textbox', { name: /^Summary/ }).fill('The loop change breaks `subtotal`; the rest looks good.');
  await shot(page, 'feedback-dialog');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('tab', { name: /Files/ }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('radio', { name: 'Unified' }).check();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^src\/cart\.ts/ }).click();
  await shot(page, 'review-unified');

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('radio', { name: 'Split' }).check();
  await page.getByRole('radio', { name: 'Dark' }).check();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^src\/cart\.ts/ }).click();
  await shot(page, 'review-dark');
});

test("docs screenshot of the server's first screen (what shows before the app has started), with a comment begun on it", async ({ page }) => {
  mkdirSync(OUT, { recursive: true });
  redline = await startRedline({ cwd: process.cwd(), args: ['--demo'] });
  // Keep the app from starting, so that the first screen stays on screen.
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
  await page.goto(redline.url);
  await expect(page.locator('html[data-first-screen-live] #redline-first-screen[data-highlighted] [data-fs-row]').first()).toBeAttached();
  await page.locator('#redline-first-screen .fs-layout:visible .fs-add .fs-num').first().click();
  await page.keyboard.type('Typed before the app has loaded: the app takes this form over.');
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(OUT, 'first-screen.png') });
});
