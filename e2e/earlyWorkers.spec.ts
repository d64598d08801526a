/**
 * index.html's starter creates the highlighter's two workers with the app's
 * script (diff/highlighterPool.ts takes them), so Shiki loads on their
 * threads while the app is still fetched and compiled. The pool must use
 * those two and start no others: with its own factory only, the page would
 * run four workers (two idle) and gain nothing.
 */
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
