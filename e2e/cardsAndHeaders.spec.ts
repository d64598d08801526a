/**
 * What a reviewer's second week found in the cards and headers (docs/screenshots/):
 * a renamed file's header keeps both names at 800×700, thread cards wrap long
 * code instead of cutting off the part that differs, and the sidebar's thread
 * list reads as words (no raw markdown, no bullets, a heading in the page's font).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { repoWith } from './support/repoWith';
import { openReview, startRedline } from './support/redline';
import { clickInDiff, lineNumber, sendWithVerdict } from './support/reviewPage';
import { screenshotAtBothSizes } from './support/screenshots';

const LONG = 'export function computeTheTotalOfEverythingWithAVeryLongName(values: readonly number[], options: { round: boolean; clampToRange: [number, number] }): number { return values.reduce((a, b) => a + b, 0); }';
const OLD = 'src/legacy/someVeryLongDirectoryName/parserUtilities.js';
const NEW = 'src/modern/someVeryLongDirectoryName/parserUtilities.ts';

let dir: string;
test.beforeEach(() => {
  const numbered = (i: number) => `const line${i} = ${i};`;
  dir = repoWith({ [OLD]: Array.from({ length: 40 }, (_, i) => numbered(i)).join('\n') + '\n', 'src/calc.ts': ['a', 'b', LONG, 'd', 'e', 'f'].join('\n') + '\n' }, {});
  mkdirSync(join(dir, 'src/modern/someVeryLongDirectoryName'), { recursive: true });
  renameSync(join(dir, OLD), join(dir, NEW));
  writeFileSync(join(dir, NEW), Array.from({ length: 40 }, (_, i) => (i % 5 === 0 ? `let line${i}: number = ${i};` : numbered(i))).join('\n') + '\n');
  writeFileSync(join(dir, 'src/calc.ts'), ['a', 'b2', LONG, 'd', 'e', 'f'].join('\n') + '\n');
  execFileSync('git', ['add', '-A'], { cwd: dir });
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The box of an element inside Pierre's header (open shadow root: Playwright's locators pierce it). */
async function widthOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  return box?.width ?? 0;
}

async function commentWithMarkdown(page: Page) {
  await lineNumber(page, 'src/calc.ts', 'new', 2).click();
  await page.keyboard.press('c');
  const box = page.getByRole('textbox', { name: /^Comment/ });
  await box.fill('Use `value` here, **any** is wrong:\n- one\n- two');
  await box.press('Control+Enter');
  await expect(page.getByRole('article', { name: 'Comment, Line 2 (new)' })).toBeVisible();
}

async function suggestLongLine(page: Page) {
  await lineNumber(page, 'src/calc.ts', 'new', 3).click();
  await page.keyboard.press('c');
  await clickInDiff(page, page.getByRole('button', { name: 'Suggest change' }));
  await page.getByRole('textbox', { name: 'Suggested code' }).fill(LONG.replace('values', 'theValuesToSumOverAllOfThem'));
  await clickInDiff(page, page.getByRole('button', { name: 'Add suggestion' }));
  await expect(page.getByRole('article', { name: 'Suggestion, Line 3 (new)' })).toBeVisible();
}

test('a renamed file keeps both of its names in the header at 800×700', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 700 });
  const running = await startRedline({ cwd: dir });
  await openReview(page, running);
  const file = page.locator('diffs-container').filter({ has: page.locator('[data-title]', { hasText: NEW }) });
  const header = file.locator('[data-diffs-header]');
  await expect(header).toBeVisible();
  // Before: the similarity chip's words and the actions took the whole row, both names 0 px wide.
  expect(await widthOf(header.locator('[data-prev-name]'))).toBeGreaterThanOrEqual(24);
  expect(await widthOf(header.locator('[data-title]'))).toBeGreaterThanOrEqual(60);
  await expect(file.getByText('75%', { exact: true })).toBeVisible();
  await running.stop();
});

test('thread cards wrap long code, and the thread list reads as words', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  const round1 = await startRedline({ cwd: dir });
  await openReview(page, round1);
  await commentWithMarkdown(page);
  await suggestLongLine(page);
  await sendWithVerdict(page, 'Request changes');
  await round1.exited;
  writeFileSync(join(dir, 'src/calc.ts'), ['a', 'b3', LONG.replace('a + b', 'b + a'), 'd', 'e', 'f'].join('\n') + '\n');
  const round2 = await startRedline({ cwd: dir });
  await openReview(page, round2);

  const suggestion = page.getByRole('article', { name: /^Suggestion from round 1/i });
  await expect(suggestion).toBeVisible();
  // Every code line of the card is wholly inside it: nothing cut off at the right edge.
  for (const block of await suggestion.locator('.suggestion-diff').all()) {
    const { scrollWidth, clientWidth } = await block.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  }
  await expect(suggestion).toContainText('theValuesToSumOverAllOfThem');

  await page.getByRole('tab', { name: /^Comments/ }).click();
  const list = page.getByRole('region', { name: 'Threads' });
  await expect(list).toContainText('Use value here, any is wrong:');
  await expect(list).not.toContainText('`');
  await expect(list).not.toContainText('**');
  const styles = await list.evaluate((el) => ({
    heading: getComputedStyle(el.querySelector('h3')!).fontFamily,
    bullets: getComputedStyle(el.querySelector('ul')!).listStyleType,
  }));
  expect(styles.heading).not.toMatch(/mono/i);
  expect(styles.bullets).toBe('none');
  await screenshotAtBothSizes(page, 'thread-cards');
  await round2.stop();
});
