/**
 * The foundation flow in Debian's Chromium: `redline --no-open` on a real
 * repository, the printed URL opened in the browser, every file of the diff
 * listed on the page, and the page's start-up: index.html's starter creates
 * the highlighter's two workers with the app's script (diff/highlighterPool.ts
 * takes them), and the pool must start no others (with its own factory only,
 * the page would run four, two idle). The review UI's own flows live in their
 * own specs.
 */
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createFixtureRepo, type FixtureRepo } from './support/fixtureRepo';
import { openReview, startRedline, type RunningRedline } from './support/redline';

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

test('redline --no-open: the printed URL opens the review and every file of the diff is listed', async ({ page }) => {
  redline = await startRedline({ cwd: fixture.dir });
  expect(redline.stderr()).toContain('6 files');
  await openReview(page, redline);
  // Shown somewhere on the page (a deleted file's "Compare with an added file…" names the added ones too once it is focused, in options never drawn).
  for (const path of fixture.paths) {
    await expect(page.getByText(path, { exact: true }).filter({ visible: true }).first(), path).toBeVisible();
  }
  expect(redline.stdout()).toBe('');
});

test('opened through the launcher file (as the browser is, from a file:// page), the review still signs in', async ({ page }) => {
  redline = await startRedline({ cwd: fixture.dir });
  const dir = mkdtempSync(join(tmpdir(), 'redline-e2e-launcher-'));
  try {
    const launcher = join(dir, 'open-review.html');
    writeFileSync(launcher, `<!doctype html><meta http-equiv="refresh" content="0;url=${redline.url}">`, { mode: 0o600 });
    await page.goto(`file://${launcher}`);
    await expect(page).toHaveURL(`${redline.origin}/`);
    await expect(page.getByText(fixture.files.modified, { exact: true }).first()).toBeVisible();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the review URL works once: a second browser context is refused', async ({ page, browser }) => {
  redline = await startRedline({ cwd: fixture.dir });
  await openReview(page, redline);
  const other = await browser.newContext();
  try {
    const intruder = await other.newPage();
    const answer = await intruder.goto(redline.url);
    expect(answer?.status()).toBe(403);
    await expect(intruder.getByRole('heading', { name: 'This review link was already used' })).toBeVisible();
    await expect(intruder.getByText(/It was used by .* \(pid \d+\) at \d\d:\d\d:\d\d/)).toBeVisible();
  } finally {
    await other.close();
  }
});

test('the highlighter runs in the two workers the starter created, and no others', async ({ page }) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  redline = await startRedline({ cwd: fixture.dir });
  await openReview(page, redline);
  await page.waitForFunction(() => performance.getEntriesByName('redline:highlighter-ready').length > 0, null, { timeout: 20_000 });
  // The pool has started: every worker it wanted exists by now.
  await page.waitForTimeout(300);
  expect(workers).toHaveLength(2);
  expect(workers[0]).toMatch(/^\/assets\/worker-[A-Za-z0-9_-]+\.js$/);
  expect(workers[1]).toBe(workers[0]);
  expect(await page.evaluate(() => (window as { __redlineEarlyWorkers?: Worker[] }).__redlineEarlyWorkers?.length)).toBe(0);
});
