/**
 * Accessibility scan (axe-core, injected from node_modules; @axe-core/playwright
 * needs Node 22) of the review page in its main states: the diff with
 * annotations and an open form, the sidebar's lists, search, every dialog,
 * and the dark unified view. No serious or critical violation is allowed.
 */
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { createFixtureRepo, type FixtureRepo } from './support/fixtureRepo';
import { openReview, startRedline, type RunningRedline } from './support/redline';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let fixture: FixtureRepo;
let redline: RunningRedline | null = null;

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  fixture?.cleanup();
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it is; returns the serious and critical violations. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  // Not over a line: a hovered line is painted darker for a moment.
  await page.mouse.move(1, 1);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
}

test('no serious or critical accessibility violations in the main view, the sidebar, search and every dialog', async ({ browser }) => {
  fixture = createFixtureRepo();
  redline = await startRedline({ cwd: fixture.dir });
  // axe is injected as an inline script, which the page's CSP (rightly) forbids.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  try {
    await openReview(page, redline);
    await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();
    const { modified } = fixture.files;
    const line = (n: number) => page.locator('diffs-container').filter({ has: page.locator('[data-title]', { hasText: modified }) }).locator(`code[data-additions] [data-column-number="${n}"]`);

    // A comment, a suggestion, and an open form.
    await line(2).click();
    await page.keyboard.press('c');
    await page.getByRole('textbox', { name: /^Comment/ }).fill('A comment.');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await line(6).click();
    await page.keyboard.press('c');
    await page.getByRole('button', { name: 'Suggest change' }).click();
    await page.getByRole('textbox', { name: 'Suggested code' }).fill('  return n >> 1;');
    await page.getByRole('button', { name: 'Add suggestion' }).click();
    await page.getByRole('button', { name: 'Add general comment' }).click();
    expect(await seriousViolations(page), 'main view with annotations and an open form').toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('tab', { name: /Comments/ }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('return');
    expect(await seriousViolations(page), 'comments list and search').toEqual([]);
    await page.getByRole('button', { name: 'Close search' }).click();

    const dialogs: [open: () => Promise<void>, name: string][] = [
      [() => page.getByRole('button', { name: /^Send Feedback/ }).click(), 'Send Feedback'],
      [() => page.getByRole('button', { name: 'Settings' }).click(), 'Settings'],
      [() => page.getByRole('button', { name: 'Keyboard shortcuts' }).click(), 'Keyboard shortcuts'],
      [() => page.getByRole('button', { name: 'Close review' }).click(), 'Close review'],
    ];
    for (const [openDialog, name] of dialogs) {
      await openDialog();
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toBeVisible();
      // Focus moved into the dialog.
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      expect(await seriousViolations(page), `${name} dialog`).toEqual([]);
      if (name === 'Settings') {
        await dialog.getByRole('tab', { name: 'Editor' }).click();
        expect(await seriousViolations(page), 'Settings > Editor').toEqual([]);
        await dialog.getByRole('tab', { name: 'Display' }).click();
        await dialog.getByRole('radio', { name: 'Unified' }).check();
        await dialog.getByRole('radio', { name: 'Dark' }).check();
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }

    // The dark theme, unified layout.
    await expect(page.locator('html[data-theme="dark"]')).toHaveCount(1);
    await page.getByRole('tab', { name: /Files/ }).click();
    expect(await seriousViolations(page), 'dark unified view').toEqual([]);
  } finally {
    await context.close();
  }
});
