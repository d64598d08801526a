/**
 * Keyboard-only review, against the real CLI and
 * server: a whole review with NO mouse event at all (the page counts every
 * pointer and mouse event it sees, and the count stays 0): open a file from
 * the tree (one Tab stop, arrows, Enter), move through lines with the line
 * cursor, select a range, comment, suggest, mark the file viewed, send.
 */
import { expect, test, type Page } from '@playwright/test';
import { createFixtureRepo, type FixtureRepo } from './support/fixtureRepo';
import { openReview, startRedline, type RunningRedline } from './support/redline';
import { repoWith } from './support/repoWith';
import { rmSync } from 'node:fs';

let fixture: FixtureRepo | null = null;
let redline: RunningRedline | null = null;
let dir: string | null = null;

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  fixture?.cleanup();
  fixture = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/** What the focused element is: a tree row's accessible name, or its tag. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.closest('.file-tree-rows') ? `tree:${el.getAttribute('aria-label') ?? el.textContent ?? ''}` : (el?.tagName ?? '');
  });

/** What the line cursor's live region says now. */
const announced = (page: Page) => page.locator('[data-line-cursor-announcer]');

async function pressUntil(page: Page, key: string, done: () => Promise<boolean>, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await done()) return;
    await page.keyboard.press(key);
    // The tree focuses the row in the render the key causes (FileTree's layout effect); look after two frames anyway, as a
    // person would: in the busy first second (the lazy panels parsed at first idle) a check could see the row before.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  expect(await done(), `pressing ${key} got there`).toBe(true);
}

test('a whole review with the keyboard only: tree, line cursor, a range comment, a suggestion, viewed, send; no mouse event', async ({ page }) => {
  fixture = createFixtureRepo();
  const path = fixture.files.modified;
  redline = await startRedline({ cwd: fixture.dir });
  await page.addInitScript(() => {
    const w = window as unknown as { pointerEvents: string[] };
    w.pointerEvents = [];
    for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'dblclick', 'contextmenu']) {
      window.addEventListener(type, (event) => w.pointerEvents.push(`${type}:${event.isTrusted}`), true);
    }
  });
  await openReview(page, redline);
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();

  // The tree is one Tab stop: Tab reaches a row, the arrows move within, Tab leaves, Shift+Tab comes back to the same row.
  await pressUntil(page, 'Tab', async () => (await focused(page)).startsWith('tree:'));
  await pressUntil(page, 'ArrowDown', async () => (await focused(page)).startsWith(`tree:${path},`));
  await page.keyboard.press('Tab');
  expect(await focused(page)).not.toMatch(/^tree:/);
  await page.keyboard.press('Shift+Tab');
  expect(await focused(page)).toMatch(new RegExp(`^tree:${path},`));

  // Enter opens the file and puts the line cursor on its first line.
  await page.keyboard.press('Enter');
  await expect(announced(page)).toHaveText(/^src\/calc\.ts, new line 1: export function add/);
  await expect(page.locator('[aria-current="location"]')).toContainText('calc.ts');

  // ↓ to new line 2, Shift+↓ selects 2–3, c comments on them.
  await pressUntil(page, 'ArrowDown', async () => /new line 2:/.test((await announced(page).textContent()) ?? ''));
  await page.keyboard.press('Shift+ArrowDown');
  await expect(announced(page)).toHaveText(/lines 2 to 3 selected$/);
  await page.keyboard.press('c');
  const comment = page.getByRole('textbox', { name: /^Comment/ });
  await expect(comment).toBeFocused();
  await page.keyboard.type('Keyboard only: subtraction in add().');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('article', { name: 'Comment, Lines 2–3 (new)' })).toContainText('Keyboard only');

  // On to line 6 with ↓, s suggests a change to it.
  await pressUntil(page, 'ArrowDown', async () => /new line 6:/.test((await announced(page).textContent()) ?? ''));
  await page.keyboard.press('s');
  const code = page.getByRole('textbox', { name: 'Suggested code' });
  await expect(code).toBeFocused();
  await expect(code).toHaveValue('  return Math.floor(n / 2);');
  await page.keyboard.press('End');
  await page.keyboard.type(' // rounds down');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('article', { name: 'Suggestion, Line 6 (new)' })).toContainText('// rounds down');

  // Shift+V: this file viewed, and on to the next file not viewed.
  await page.keyboard.press('Shift+V');
  await expect(page.getByRole('checkbox', { name: `Viewed ${path}` }).or(page.getByRole('group', { name: `${path} actions` }).getByRole('checkbox'))).toBeChecked();
  await expect(page.locator('[aria-current="location"]')).not.toContainText('calc.ts');

  // Send: Ctrl+Enter opens Send Feedback, Ctrl+Enter there sends.
  await page.keyboard.press('Control+Enter');
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(dialog.getByTestId('feedback-preview')).toContainText('Keyboard only');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();
  expect(await redline.exited).toBe(0);
  const out = redline.stdout();
  expect(out).toContain('Keyboard only: subtraction in add().');
  expect(out).toContain('  return Math.floor(n / 2); // rounds down');

  expect(await page.evaluate(() => (window as unknown as { pointerEvents: string[] }).pointerEvents)).toEqual([]);
});

test('v toggles the current file and never another, however fast it is pressed', async ({ page }) => {
  // Files long enough that folding one moves the next one up under the top edge.
  const long = (name: string) => Array.from({ length: 80 }, (_, i) => `export const ${name}${i} = ${i};`).join('\n') + '\n';
  const names = ['a', 'b', 'c', 'd', 'e', 'f'];
  dir = repoWith(Object.fromEntries(names.map((n) => [`src/${n}.ts`, long(n)])), Object.fromEntries(names.map((n) => [`src/${n}.ts`, long(n).replace(/= (\d+);/g, '= $1 + 1;')])));
  redline = await startRedline({ cwd: dir });
  await openReview(page, redline);
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();
  const current = page.locator('[aria-current="location"]');
  await page.keyboard.press('j');
  await expect(current).toHaveAttribute('aria-label', /^src\/b\.ts,/);
  // Past the jump's hold on the current file, then three presses with no pause.
  await page.waitForTimeout(1200);
  await page.keyboard.press('v');
  await page.keyboard.press('v');
  await page.keyboard.press('v');
  await page.waitForTimeout(1200);
  // Viewed (an odd count), and no other file is.
  await expect(page.locator('.tree-file.is-viewed')).toHaveCount(1);
  await expect(page.locator('.tree-file.is-viewed')).toHaveAttribute('aria-label', /^src\/b\.ts,.*viewed$/);
  await expect(current).toHaveAttribute('aria-label', /^src\/b\.ts,/);
});
