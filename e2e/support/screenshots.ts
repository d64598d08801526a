/**
 * A review screenshot at the two sizes the docs show (1400×900 and 800×700),
 * written to docs/screenshots/<name>-<w>x<h>.png only when SCREENSHOTS=1
 * (as reviewScreenshots.spec.ts): a plain run writes nothing.
 */
import type { Page } from '@playwright/test';

export async function screenshotAtBothSizes(page: Page, name: string, atEachSize?: () => Promise<void>): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  for (const [width, height] of [[1400, 900], [800, 700]] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    // What must be in view at this size (the window's resize moves it), before the picture.
    if (atEachSize) {
      await atEachSize();
      await page.waitForTimeout(300);
    }
    await page.screenshot({ path: `docs/screenshots/${name}-${width}x${height}.png` });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

/** The same two sizes, always written, to the test's output (`testInfo.outputPath`): for looking at the UI a test drives. */
export async function screenshotsToOutput(page: Page, name: string, outputPath: (name: string) => string): Promise<void> {
  for (const [width, height] of [[1400, 900], [800, 700]] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: outputPath(`${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}
