/**
 * Open in editor from the page, as a reviewer does: the file header's button
 * opens the file at its top, `o` at the line cursor's line, the line's menu
 * (a right-click on a line, or Shift+F10 at the line cursor) at its line, in the editor
 * redline's own environment names (here a real program that records how it
 * was called, under an editor's name whose line syntax launch-editor knows).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repoWith } from './support/repoWith';
import { openReview, startRedline } from './support/redline';
import { lineNumber } from './support/reviewPage';

let dir: string;
let bin: string;
test.beforeEach(() => {
  dir = repoWith({ 'src/calc.ts': 'export const a = 1;\nexport const b = 2;\nexport const c = 3;\n' }, { 'src/calc.ts': 'export const a = 1;\nexport const b = 20;\nexport const c = 30;\n' });
  bin = mkdtempSync(join(tmpdir(), 'redline-e2e-editor-'));
  // Written whole, then renamed into place: the test never reads a half-written record.
  const calls = join(bin, 'calls.txt');
  writeFileSync(join(bin, 'zed'), `#!/bin/sh\nprintf '%s\\n' "$@" > '${calls}.part' && mv '${calls}.part' '${calls}'\n`, { mode: 0o755 });
});
test.afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(bin, { recursive: true, force: true });
});

async function calls(): Promise<string[]> {
  const file = join(bin, 'calls.txt');
  await expect.poll(() => existsSync(file)).toBe(true);
  return readFileSync(file, 'utf8').trimEnd().split('\n');
}

test('the header button opens the file, and o opens it at the line cursor', async ({ page }) => {
  const running = await startRedline({ cwd: dir, env: { REDLINE_EDITOR: join(bin, 'zed') } });
  await openReview(page, running);
  const file = join(dir, 'src/calc.ts');

  await page.getByRole('button', { name: 'Open src/calc.ts in your editor' }).click();
  await expect(page.getByText(`Opened src/calc.ts in ${join(bin, 'zed')}.`)).toBeVisible();
  expect(await calls()).toEqual([file]);

  rmSync(join(bin, 'calls.txt'));
  await lineNumber(page, 'src/calc.ts', 'new', 3).click();
  await page.keyboard.press('o');
  await expect(page.getByText(`Opened src/calc.ts:3 in ${join(bin, 'zed')}.`)).toBeVisible();
  expect(await calls()).toEqual([`${file}:3:1`]);
  // Nothing of it reached stdout, the agent's channel.
  expect(running.stdout()).toBe('');
  await running.stop();
});

test("the line's menu: a right-click on a line opens the file at that line; Shift+F10 opens the menu at the line cursor, keys only", async ({ page }, testInfo) => {
  const running = await startRedline({ cwd: dir, env: { REDLINE_EDITOR: join(bin, 'zed') } });
  await openReview(page, running);
  const file = join(dir, 'src/calc.ts');

  await lineNumber(page, 'src/calc.ts', 'new', 2).click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Line 2 (new)' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('line-menu-1400x900.png') });
  await menu.getByRole('menuitem', { name: /Open in editor at line 2/ }).click();
  await expect(page.getByText(`Opened src/calc.ts:2 in ${join(bin, 'zed')}.`)).toBeVisible();
  expect(await calls()).toEqual([`${file}:2:1`]);
  await expect(menu).toHaveCount(0);

  // Keys only: ↓ to line 3, Shift+F10, ↑ wraps to the last item (Open in editor), Enter.
  rmSync(join(bin, 'calls.txt'));
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-line-cursor-announcer]')).toHaveText(/new line 3:/);
  await page.keyboard.press('Shift+F10');
  await expect(page.getByRole('menu', { name: 'Line 3 (new)' })).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: /Open in editor at line 3/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Opened src/calc.ts:3 in ${join(bin, 'zed')}.`)).toBeVisible();
  expect(await calls()).toEqual([`${file}:3:1`]);

  // Esc closes it and the keys go back to the diff: c comments on the line cursor's line.
  await page.keyboard.press('Shift+F10');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await page.keyboard.press('c');
  await expect(page.locator('form.composer textarea')).toBeFocused();
  await running.stop();
});

test('a terminal editor is not started from the page: the toast gives the command to run', async ({ page }) => {
  const running = await startRedline({ cwd: dir, env: { REDLINE_EDITOR: 'vim', VISUAL: '', EDITOR: '' } });
  await openReview(page, running);
  await lineNumber(page, 'src/calc.ts', 'new', 2).click();
  await page.keyboard.press('o');
  await expect(page.getByText(/Could not open src\/calc\.ts:2: vim runs in a terminal.*run: vim '\+call cursor\(2, 1\)'/)).toBeVisible();
  await running.stop();
});
