/**
 * No keyboard trap after a dialog, in Chromium and in Firefox ESR (driven
 * by puppeteer-core over WebDriver BiDi, as e2e/firefoxSmoke.spec.ts):
 * Settings closed with Esc gives focus back to its button, and ↓ then starts
 * the line cursor, a range is selected and commented on, Space and Enter do
 * not open Settings again, Tab goes on through the page; and a whole
 * keyboard-only review from a fresh page and after opening and closing every dialog, its comment
 * and suggestion labelled with Alt+3 and Alt+4. The same keys in both
 * browsers (e2e/support/keyboardOnly.ts).
 */
import { existsSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import puppeteer, { type Browser, type Page as FirefoxPage } from 'puppeteer-core';
import { everyDialogOpenedAndClosed, diffReady, keyboardOnlyReview, keyboardRepo, settingsThenComment, type KeyboardDriver } from './support/keyboardOnly';
import { undoAfterEachTest } from './support/afterTest';
import { openReview, type RunningRedline } from './support/redline';

const FIREFOX = ['/usr/bin/firefox-esr', '/usr/bin/firefox'].find((path) => existsSync(path));

let redline: RunningRedline | null = null;
const after = undoAfterEachTest();

const chromiumKeys = (page: Page): KeyboardDriver => ({
  press: (key) => page.keyboard.press(key === ' ' ? 'Space' : key),
  chord: (modifier, key) => page.keyboard.press(`${modifier}+${key}`),
  type: (text) => page.keyboard.type(text),
  evaluate: <A, T>(probe: (arg: A) => T, arg: A) => page.evaluate(probe as (arg: unknown) => T, arg as unknown),
});

const firefoxKeys = (page: FirefoxPage): KeyboardDriver => ({
  press: (key) => page.keyboard.press(key as 'Enter'),
  async chord(modifier, key) {
    await page.keyboard.down(modifier);
    await page.keyboard.press(key as 'Enter');
    await page.keyboard.up(modifier);
  },
  type: (text) => page.keyboard.type(text),
  evaluate: <A, T>(probe: (arg: A) => T, arg: A) => page.evaluate(probe as (arg: unknown) => T, arg) as unknown as Promise<T>,
});

async function startOnKeyboardRepo(): Promise<RunningRedline> {
  redline = await after.redlineOn(keyboardRepo());
  return redline;
}

async function inChromium(page: Page): Promise<KeyboardDriver> {
  const redline = await startOnKeyboardRepo();
  await openReview(page, redline);
  const keys = chromiumKeys(page);
  await diffReady(keys);
  return keys;
}

async function inFirefox(): Promise<KeyboardDriver> {
  expect(FIREFOX, 'Firefox is installed (apt-get install -y firefox-esr; .ci/run does it)').toBeDefined();
  const redline = await startOnKeyboardRepo();
  const browser: Browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX!, headless: true, protocol: 'webDriverBiDi' });
  after(() => browser.close());
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 900 });
  await page.goto(redline.url);
  const keys = firefoxKeys(page);
  await diffReady(keys);
  return keys;
}

/** Tab from the Settings button a dialog gave focus back to: the rest of the top bar, then the sidebar's tabs and on, never back to the top bar within 8 stops. */
function expectTabOrder(stops: string[]): void {
  expect(stops.slice(0, 2)).toEqual(['Close review', expect.stringMatching(/^Send Feedback/)]);
  expect(stops.slice(2).some((name) => /Files/.test(name)), `the sidebar is reached: ${stops.join(' | ')}`).toBe(true);
  expect(new Set(stops).size, `no control is visited twice: ${stops.join(' | ')}`).toBe(stops.length);
}

for (const [name, open] of [['Chromium', inChromium], ['Firefox ESR', () => inFirefox()]] as const) {
  test(`${name}: Settings, Esc, ↓, a range selected and commented on; Space and Enter do not re-open it; Tab goes on`, async ({ page }) => {
    test.setTimeout(90_000);
    const keys = await open(page);
    expectTabOrder(await settingsThenComment(keys));
  });

  for (const dialogsFirst of [false, true]) {
    test(`${name}: a keyboard-only review ${dialogsFirst ? 'after opening and closing every dialog' : 'from a fresh page'}`, async ({ page }) => {
      test.setTimeout(120_000);
      const keys = await open(page);
      if (dialogsFirst) await everyDialogOpenedAndClosed(keys);
      await keyboardOnlyReview(keys);
      expect(await redline!.exited).toBe(0);
      const out = redline!.stdout();
      expect(out).toContain('Keys only: a range comment.');
      expect(out).toContain('  return Math.floor(n / 2); // rounds down');
      // The labels chosen with Alt+3 and Alt+4 reach the export.
      expect(out).toMatch(/\nLabel: issue \(blocking\)\n\n> Keys only: a range comment\./);
      expect(out).toMatch(/\nLabel: nitpick \(non-blocking\)\n/);
    });
  }
}
