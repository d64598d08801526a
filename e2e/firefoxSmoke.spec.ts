/**
 * Firefox smoke test: Debian's Firefox ESR, driven by
 * puppeteer-core over WebDriver BiDi (Playwright 1.65 cannot drive it: its
 * BiDi lacks `emulation.setMediaFeaturesOverride`), against the real CLI:
 * open the review, comment on a line, edit a file and Suggest (clicks at
 * the positions lines are drawn at, as a person aims), Send, and the
 * feedback on redline's stdout. Chromium stays the main suite; `.ci/run`
 * installs firefox-esr when it is missing.
 */
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { createFixtureRepo, type FixtureRepo } from './support/fixtureRepo';
import { startRedline, type RunningRedline } from './support/redline';

const FIREFOX = ['/usr/bin/firefox-esr', '/usr/bin/firefox'].find((path) => existsSync(path));
const CALC = 'src/calc.ts';

let fixture: FixtureRepo | null = null;
let redline: RunningRedline | null = null;
let browser: Browser | null = null;

test.afterEach(async () => {
  await browser?.close();
  browser = null;
  await redline?.stop();
  redline = null;
  fixture?.cleanup();
  fixture = null;
});

/** Where new line `line` of `path` is drawn now: its number cell, or the end of its text in the editor. */
function drawnAt(page: Page, path: string, line: number, part: 'number' | 'text-end'): Promise<{ x: number; y: number } | null> {
  return page.evaluate(
    (path, line, part) => {
      const host = Array.from(document.querySelectorAll('diffs-container')).find((h) => h.shadowRoot?.querySelector('[data-title]')?.textContent?.includes(path));
      const root = host?.shadowRoot;
      const el =
        part === 'number'
          ? root?.querySelector(`code[data-additions] [data-column-number="${line}"]`)
          : root?.querySelector(`[contenteditable="true"] [data-line="${line}"] > span:last-child`);
      const rect = el?.getBoundingClientRect();
      if (!rect || rect.height === 0) return null;
      return part === 'number' ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : { x: rect.right - 1, y: rect.top + rect.height / 2 };
    },
    path,
    line,
    part,
  );
}

async function clickDrawn(page: Page, path: string, line: number, part: 'number' | 'text-end'): Promise<void> {
  const at = await waitFor(() => drawnAt(page, path, line, part), `new line ${line} of ${path} is drawn`);
  await page.mouse.click(at.x, at.y);
}

/** Polls `probe` until it gives something (20 s). */
async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
  const until = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const hasElement = (page: Page, selector: string) => page.evaluate((selector) => document.querySelector(selector) !== null, selector);
const buttonByName = (page: Page, scope: string, name: string) =>
  page.evaluate(
    (scope, name) => {
      const button = Array.from(document.querySelectorAll<HTMLButtonElement>(`${scope} button`)).find((b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name && !b.disabled);
      button?.click();
      return button !== undefined;
    },
    scope,
    name,
  );

test('Firefox ESR: comment on a line, edit and Suggest, Send; the feedback is on stdout', async () => {
  test.setTimeout(90_000);
  expect(FIREFOX, 'Firefox is installed (apt-get install -y firefox-esr; .ci/run does it)').toBeDefined();
  fixture = createFixtureRepo();
  redline = await startRedline({ cwd: fixture.dir, preferences: { settings: { editSuggestions: true } } });
  browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX!, headless: true, protocol: 'webDriverBiDi' });
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 900 });
  const started = Date.now();
  await page.goto(redline.url);
  await waitFor(() => page.evaluate(() => Array.from(document.querySelectorAll('diffs-container')).some((h) => h.shadowRoot?.querySelector('[data-line]'))), "the app's diff is shown");
  console.log(`Firefox: the app's diff ${Date.now() - started} ms after the link was opened`);

  // A comment on new line 2: a click on its number (drawn position), c, type, Ctrl+Enter.
  await clickDrawn(page, CALC, 2, 'number');
  await page.keyboard.press('c');
  await waitFor(() => page.evaluate(() => document.activeElement?.tagName === 'TEXTAREA'), 'the comment box has focus');
  await page.keyboard.type('Firefox: subtraction in add().');
  await page.keyboard.down('Control');
  await page.keyboard.press('Enter');
  await page.keyboard.up('Control');
  await waitFor(() => hasElement(page, 'article[aria-label="Comment, Line 2 (new)"]'), 'the comment card is shown');

  // Edit, a click at the end of new line 6 where it is drawn once the editor is ready, type, Suggest.
  await waitFor(() => buttonByName(page, `diffs-container:has(button[data-edit-file="${CALC}"])`, 'Edit'), 'Edit is clicked');
  await waitFor(async () => (await hasElement(page, '[role="region"][aria-label="Editing src/calc.ts"]')) && !(await hasElement(page, '[data-edit-getting-ready]')), 'the editor is ready');
  await clickDrawn(page, CALC, 6, 'text-end');
  await page.keyboard.type(' // rounds down');
  await waitFor(() => buttonByName(page, `[aria-label="Editing ${CALC}"]`, 'Suggest'), 'Suggest is clicked');
  await waitFor(() => hasElement(page, 'article[aria-label="Suggestion, Line 6 (new)"]'), 'the suggestion card is shown');

  // Send Feedback, then Send in its dialog.
  await waitFor(() => page.evaluate(() => {
    const button = Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.trim().startsWith('Send Feedback'));
    button?.click();
    return button !== undefined;
  }), 'Send Feedback is clicked');
  await waitFor(() => buttonByName(page, 'dialog[open]', 'Send'), 'Send is clicked');
  expect(await redline.exited).toBe(0);
  const out = redline.stdout();
  expect(out).toContain('Firefox: subtraction in add().');
  expect(out).toContain('  return Math.floor(n / 2); // rounds down');
});
