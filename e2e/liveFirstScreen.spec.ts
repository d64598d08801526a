/**
 * The server's first screen is the live page: highlighted in the
 * HTML, and a click on a line number opens a comment form there before any
 * of the app's script has run. The app's script is held back here (its
 * requests wait until the test lets them go), so what the reviewer does on
 * the first screen is done on it alone; then the app starts and takes the
 * form over: its text and caret, a comment already added, a draft closed.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { createFixtureRepo, type FixtureRepo } from './support/fixtureRepo';
import { startRedline, type RunningRedline } from './support/redline';
import { card } from './support/reviewPage';

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

/** Opens the review with the app's scripts held; returns the function that lets them load. */
async function openWithAppHeld(page: Page): Promise<() => Promise<void>> {
  redline = await startRedline({ cwd: fixture.dir });
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/assets\/.*\.js$/, (route) => (holding ? held.push(route) : route.continue()));
  // Not until "load": the page's load event waits for the held script when it is asked for before it.
  await page.goto(redline.url, { waitUntil: 'commit' });
  await expect(page.locator('html[data-first-screen-live] #redline-first-screen[data-highlighted]')).toBeAttached();
  return async () => {
    expect(held.length, 'the app\'s script was held').toBeGreaterThan(0);
    holding = false;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
}

/** The first screen's line number of a new-side line of src/calc.ts, in the layout shown (split). */
function firstScreenLine(page: Page, line: number) {
  return page.locator('#redline-first-screen .fs-split [data-path="src/calc.ts"] .fs-half:nth-child(2) .fs-num', { hasText: new RegExp(`^${line}$`) });
}

test('the first screen is highlighted and takes a comment before the app has run; the app keeps its text and caret', async ({ page }) => {
  const release = await openWithAppHeld(page);
  const screen = page.locator('#redline-first-screen');
  // Highlighted: the keyword `return` is coloured, not the text colour.
  const keyword = screen.locator('.fs-split [data-path="src/calc.ts"] .h-keyword', { hasText: 'return' }).first();
  await expect(keyword).toBeVisible();
  const colours = await keyword.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el.closest('.fs-code')!).color]);
  expect(colours[0]).not.toBe(colours[1]);
  expect(await page.evaluate(() => typeof (window as { React?: unknown }).React === 'undefined' && document.querySelector('diffs-container') === null)).toBe(true);

  await firstScreenLine(page, 2).click();
  const box = page.getByRole('textbox', { name: 'Comment · Line 2 (new)' });
  await expect(box).toBeFocused();
  await box.pressSequentially('This should add, not subtract.');
  await box.press('Shift+Home'); // the caret and a selection: the app restores both
  const selection = await box.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd]);

  await release();
  await expect(screen).toHaveCount(0);
  const appBox = page.locator('form.composer textarea');
  await expect(appBox).toHaveValue('This should add, not subtract.');
  await expect(appBox).toBeFocused();
  expect(await appBox.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd])).toEqual(selection);
  await expect(page.getByRole('form', { name: 'Comment on Line 2 (new)' })).toBeVisible();
  await appBox.press('Control+Enter');
  await expect(card(page, 'Comment, Line 2 (new)').filter({ hasText: 'This should add, not subtract.' })).toBeVisible();
});

test('a comment added on the first screen becomes the app\'s comment; one closed with text in it is kept as a draft', async ({ page }) => {
  const release = await openWithAppHeld(page);
  await firstScreenLine(page, 2).click();
  const box = page.getByRole('textbox', { name: 'Comment · Line 2 (new)' });
  await box.fill('Added before the app ran.');
  await box.press('Control+Enter');
  await expect(page.getByRole('status')).toHaveText('Adding the comment as soon as the review has loaded…');
  await release();
  await expect(card(page, 'Comment, Line 2 (new)').filter({ hasText: 'Added before the app ran.' })).toBeVisible();
  await expect(page.locator('form.composer')).toHaveCount(0);
});

test('a form closed with text on the first screen is the app\'s kept draft, with Undo', async ({ page }) => {
  const release = await openWithAppHeld(page);
  await firstScreenLine(page, 6).click();
  const box = page.getByRole('textbox', { name: 'Comment · Line 6 (new)' });
  await box.fill('Half a thought');
  await box.press('Escape');
  await expect(box).toBeHidden();
  await release();
  await expect(page.getByText('Comment closed, kept as a draft')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('form.composer textarea')).toHaveValue('Half a thought');
});

test('typing straight through the hand-over loses no key and sends none to the page\'s shortcuts', async ({ page }) => {
  // The app takes the form over while the reviewer is typing (35 ms a key, 3 s of text): held until the
  // click has opened the first screen's form (unheld, a fast load took the page over before the click, and
  // the line clicked was gone), then let go a moment into the typing.
  const release = await openWithAppHeld(page);
  await firstScreenLine(page, 2).click();
  const text = 'Typing on through the moment the app takes this form over: j, k, c and ] are text here.';
  const typing = page.keyboard.type(text, { delay: 35 });
  await page.waitForTimeout(700);
  await release();
  await typing;
  await expect(page.locator('#redline-first-screen')).toHaveCount(0); // it was taken over while typing
  const appBox = page.locator('form.composer textarea');
  await expect(appBox).toHaveValue(text);
  await expect(appBox).toBeFocused();
  expect(await appBox.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd])).toEqual([text.length, text.length]);
});
