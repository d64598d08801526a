/**
 * The diff's colours arrive with it, and nothing moves when the app takes
 * over from the server's first screen (e2e/support/colourTimeline.ts looks
 * at every frame from the page's first script on):
 * - on the review link and on a reload, in Chromium and in Firefox ESR
 *   (puppeteer-core over WebDriver BiDi, as e2e/firefoxSmoke.spec.ts), no frame shows the app's code
 *   uncoloured without the first screen over it, and the first coloured
 *   token comes within 2 s of the app's code lines (the same frame now);
 * - the page's layout shift over the load is near 0 (Chromium: Firefox
 *   reports no layout-shift entries), on the link and on a reload;
 * - at 1400×900 and 800×700 the first screen's rows (the tree's, the
 *   filter's, each file's top and first code rows) are where the app then
 *   draws them;
 * - a short review's file whose end the diff shows sits 8 px under the
 *   overview, as any other;
 * - in unified view (two line-number columns) each row is the 20 px CodeView
 *   lays it out at.
 */
import { existsSync } from 'node:fs';
import { expect, test, type Page, type Route } from '@playwright/test';
import puppeteer from 'puppeteer-core';
import { createFixtureRepo } from './support/fixtureRepo';
import { openReview, startRedline, type RunningRedline } from './support/redline';
import { repoWith } from './support/repoWith';
import { undoAfterEachTest } from './support/afterTest';
import { recordColourTimeline, type ColourTimeline } from './support/colourTimeline';

const FIREFOX = ['/usr/bin/firefox-esr', '/usr/bin/firefox'].find((path) => existsSync(path));
const after = undoAfterEachTest();

async function redlineOnFixture(): Promise<RunningRedline> {
  const fixture = createFixtureRepo();
  after(() => fixture.cleanup());
  const redline = await startRedline({ cwd: fixture.dir });
  after(() => redline.stop());
  return redline;
}

const timeline = () => (window as unknown as { __colours?: ColourTimeline }).__colours ?? null;

/** Waits (20 s) until the app's code is coloured; the timeline then. */
async function colouredTimeline(read: () => Promise<ColourTimeline | null>): Promise<ColourTimeline> {
  const until = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (value?.appColoured !== null && value?.appColoured !== undefined) return value;
    if (Date.now() > until) throw new Error(`the app's code was never coloured: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function expectColouredAtOnce(t: ColourTimeline, what: string): void {
  expect(t.uncolouredFrames, `${what}: frames showing the app's code uncoloured (${JSON.stringify(t)})`).toBe(0);
  expect(t.appColoured! - t.appLines!, `${what}: ms from the app's code to its first coloured token`).toBeLessThanOrEqual(2_000);
}

test('Chromium: the review link and a reload show the app\'s code coloured from its first frame, with no layout shift', async ({ page }) => {
  const redline = await redlineOnFixture();
  await page.addInitScript(recordColourTimeline);
  await page.goto(redline.url);
  const onLink = await colouredTimeline(() => page.evaluate(timeline));
  expectColouredAtOnce(onLink, 'the review link');
  expect(onLink.layoutShift, `layout shifts: ${JSON.stringify(onLink.shifts)}`).toBeLessThan(0.01);

  await page.reload();
  const reloaded = await colouredTimeline(() => page.evaluate(timeline));
  expectColouredAtOnce(reloaded, 'a reload');
  expect(reloaded.layoutShift, `layout shifts: ${JSON.stringify(reloaded.shifts)}`).toBeLessThan(0.01);
});

test('Firefox ESR: the review link and a reload show the app\'s code coloured from its first frame', async () => {
  test.setTimeout(90_000);
  expect(FIREFOX, 'Firefox is installed (apt-get install -y firefox-esr; .ci/run does it)').toBeDefined();
  const redline = await redlineOnFixture();
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX!, headless: true, protocol: 'webDriverBiDi' });
  after(() => browser.close());
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 900 });
  await page.evaluateOnNewDocument(recordColourTimeline);
  await page.goto(redline.url);
  expectColouredAtOnce(await colouredTimeline(() => page.evaluate(timeline)), 'the review link');
  await page.reload();
  expectColouredAtOnce(await colouredTimeline(() => page.evaluate(timeline)), 'a reload');
});

/** Where the rows are, as "name y" lines: the tree's first rows, the filter box, each of the first files' top and first two code rows. */
function rowsOf(page: Page, on: 'first screen' | 'app'): Promise<string[]> {
  return page.evaluate((on) => {
    const y = (el: Element | null | undefined) => (el ? Math.round(el.getBoundingClientRect().top) : null);
    if (on === 'first screen') {
      const screen = document.getElementById('redline-first-screen')!;
      return [
        ...Array.from(screen.querySelectorAll('.fs-tree-row')).slice(0, 4).map((row, i) => `tree ${i} ${y(row)}`),
        `filter ${y(screen.querySelector('.fs-filter'))}`,
        ...Array.from(screen.querySelectorAll('.fs-layout .fs-file')).filter((file) => file.getClientRects().length > 0).slice(0, 4).flatMap((file) => {
          const rows = Array.from(file.querySelectorAll('.fs-row')).slice(0, 2);
          return [`${file.getAttribute('data-path')} ${y(file)}`, ...rows.map((row, i) => `${file.getAttribute('data-path')} row ${i} ${y(row)}`)];
        }),
      ];
    }
    return [
      ...Array.from(document.querySelectorAll('.tree-row')).slice(0, 4).map((row, i) => `tree ${i} ${y(row)}`),
      `filter ${y(document.querySelector('.file-tree-filter input'))}`,
      ...Array.from(document.querySelectorAll('diffs-container')).slice(0, 4).flatMap((host) => {
        const path = host.shadowRoot?.querySelector('[data-title]')?.textContent ?? '?';
        const rows = Array.from(host.shadowRoot?.querySelectorAll('code[data-additions] [data-line], code[data-unified] [data-line]') ?? []).slice(0, 2);
        return [`${path} ${y(host)}`, ...rows.map((row, i) => `${path} row ${i} ${y(row)}`)];
      }),
    ];
  }, on);
}

for (const [width, height] of [[1400, 900], [800, 700]] as const) {
  test(`Chromium ${width}×${height}: the first screen's rows are where the app draws them (nothing moves at the hand-over)`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const redline = await redlineOnFixture();
    // The app's scripts held until the first screen is measured (as liveFirstScreen.spec.ts).
    const held: Route[] = [];
    let holding = true;
    await page.route(/\/assets\/.*\.js$/, (route) => (holding ? held.push(route) : route.continue()));
    await page.goto(redline.url, { waitUntil: 'commit' });
    await expect(page.locator('#redline-first-screen[data-highlighted]')).toBeAttached();
    const before = await rowsOf(page, 'first screen');
    holding = false;
    await Promise.all(held.splice(0).map((route) => route.continue()));
    await expect(page.locator('#redline-first-screen')).toHaveCount(0);
    const drawn = await rowsOf(page, 'app');
    expect(drawn).toEqual(before);
  });
}

test("a short review: the one file, its end shown, sits 8 px under the overview", async ({ page }) => {
  const dir = repoWith({ 'src/calc.ts': 'export const a = 1;\nexport const b = 2;\nexport const c = 3;\n' }, { 'src/calc.ts': 'export const a = 1;\nexport const b = 20;\nexport const c = 30;\n' });
  const redline = await after.redlineOn(dir);
  await openReview(page, redline);
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();
  const gap = () => page.evaluate(() => document.querySelector('diffs-container')!.getBoundingClientRect().top - document.querySelector('.overview')!.getBoundingClientRect().bottom);
  await expect.poll(gap).toBe(8);
});

test('unified view: every row is the 20 px CodeView lays it out at', async ({ page }) => {
  const fixture = createFixtureRepo();
  after(() => fixture.cleanup());
  const redline = await startRedline({ cwd: fixture.dir, preferences: { settings: { diffStyle: 'unified' } } });
  after(() => redline.stop());
  await openReview(page, redline);
  const calc = page.locator('diffs-container').filter({ has: page.locator('[data-title]', { hasText: fixture.files.modified }) });
  await expect(calc.locator('[data-line]').first()).toBeVisible();
  const rows = await calc.evaluate((host) => Array.from(host.shadowRoot!.querySelectorAll('code [data-line]')).map((row) => row.getBoundingClientRect().height));
  expect(rows.length).toBe(9); // 7 lines, 2 of them changed: 2 deleted rows more
  expect(new Set(rows)).toEqual(new Set([20]));
});
