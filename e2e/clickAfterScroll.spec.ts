/**
 * A click on Redline's own controls inside the diff is never lost to a scroll.
 *
 * CodeView turns pointer events off over its whole content for 120 ms after
 * every scroll: the reviewer's, a jump, or its own scroll fix when something
 * above changes height (`suspendScrollInteractions` in @pierre/diffs). A click
 * on "Add comment" or "Viewed" landing in that window went to CodeView's
 * wrapper and did nothing (1 fresh-clone CI run in 3 lost one). The cards,
 * forms and header controls take pointer events anyway (styles/app.css); the
 * code lines keep Pierre's rule. Each case scrolls the diff by a few pixels
 * and clicks at once, well inside the 120 ms; without the rule both fail.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createFixtureRepo, type FixtureRepo } from './support/fixtureRepo';
import { openReview, startRedline, type RunningRedline } from './support/redline';
import { card, fileDiff, lineNumber } from './support/reviewPage';

let fixture: FixtureRepo;
let redline: RunningRedline | null = null;

test.use({ viewport: { width: 1000, height: 520 } });

test.beforeEach(() => {
  fixture = createFixtureRepo();
});

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  fixture.cleanup();
});

/** Scrolls the diff by `dy` pixels and, as soon as CodeView has handled the scroll, clicks where `control` now is. */
async function scrollThenClick(page: Page, control: Locator, dy: number): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await expect.poll(() => page.locator('.code-view [style*="pointer-events: none"]').count()).toBe(0);
  const box = (await control.boundingBox())!;
  // Whether CodeView turned pointer events off is watched, not sampled: on a loaded machine its
  // 120 ms could be over before a sample after the scroll (a flake seen in fresh-clone CI runs).
  const suspended = await page.evaluate(async (by) => {
    const view = document.querySelector<HTMLElement>('.code-view')!;
    let seen = view.querySelectorAll('[style*="pointer-events: none"]').length;
    const watch = new MutationObserver((records) => {
      for (const record of records) if (record.target instanceof HTMLElement && record.target.style.pointerEvents === 'none') seen++;
    });
    watch.observe(view, { subtree: true, attributes: true, attributeFilter: ['style'] });
    const scrolled = new Promise((done) => view.addEventListener('scroll', () => setTimeout(done), { once: true }));
    view.scrollTop += by;
    await scrolled;
    watch.disconnect();
    return seen;
  }, dy);
  // The case is only a case when CodeView did suspend pointer events.
  expect(suspended, 'CodeView suspended pointer events after the scroll').toBeGreaterThan(0);
  await page.mouse.click(box.x + box.width / 2, box.y - dy + box.height / 2);
}

test('a click on a form button and on Viewed right after a scroll does what it says', async ({ page }) => {
  redline = await startRedline({ cwd: fixture.dir });
  await openReview(page, redline);
  const path = fixture.files.modified;
  await expect(lineNumber(page, path, 'new', 2)).toBeVisible();

  await lineNumber(page, path, 'new', 2).click();
  await page.keyboard.press('c');
  await page.getByRole('textbox', { name: /^Comment/ }).fill('Subtraction?');
  await scrollThenClick(page, page.getByRole('button', { name: 'Add comment' }), 3);
  await expect(card(page, 'Comment, Line 2 (new)')).toContainText('Subtraction?');

  const viewed = fileDiff(page, path).getByRole('checkbox', { name: /Viewed/ });
  await scrollThenClick(page, viewed, -3);
  await expect(viewed).toBeChecked();
});
