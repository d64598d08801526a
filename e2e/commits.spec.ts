/**
 * Commit by commit: `redline A..C` over a real three-commit range.
 * The selector lists the three commits; commit 2 shows only its change; a
 * comment made there is exported on the range's own line; a line that the
 * range's final version does not hold is refused with the reason; and the
 * whole range comes back, the comment still on its line.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openReview, sendFeedback, startRedline, type RunningRedline } from './support/redline';
import { card, fileDiff, lineNumber } from './support/reviewPage';
import { scratchRepo } from './support/scratchRepo';
import { screenshotAtBothSizes } from './support/screenshots';

let redline: RunningRedline | null = null;
let dir = '';

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

/** A base commit and three on top: 1 edits app.ts, 2 adds notes.ts, 3 edits app.ts again and notes.ts line 3. Returns the base's id. */
function threeCommits(): string {
  const repo = scratchRepo('redline-commits-', { 'src/app.ts': 'export const a = 1;\nexport const b = 2;\nexport const c = 3;\n' });
  dir = repo.root;
  const git = (...args: string[]) => execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', '-c', 'user.name=R', '-c', 'user.email=r@r.invalid', ...args], { cwd: dir, encoding: 'utf8' });
  const base = git('rev-parse', 'HEAD').trim();
  const commit = (message: string, files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) repo.write(path, text);
    git('add', '--all');
    git('commit', '--quiet', '-m', message);
  };
  commit('Raise b', { 'src/app.ts': 'export const a = 1;\nexport const b = 20;\nexport const c = 3;\n' });
  commit('Add notes', { 'src/notes.ts': 'export const first = "one";\nexport const second = "two";\nexport const third = "three";\n' });
  commit('Raise c and reword the third note', {
    'src/app.ts': 'export const a = 1;\nexport const b = 20;\nexport const c = 30;\n',
    'src/notes.ts': 'export const first = "one";\nexport const second = "two";\nexport const third = "THREE";\n',
  });
  return base;
}

test('a three-commit range, commit by commit: one commit alone, a comment on the range line, back to the whole range', async ({ page }) => {
  const base = threeCommits();
  redline = await startRedline({ cwd: dir, args: [`${base}..HEAD`] });
  await openReview(page, redline);
  const picker = page.getByRole('combobox', { name: 'Commits shown' });
  await expect(picker.locator('option')).toHaveText([/^Whole range \(3 commits\)$/, /^1\/3 \w{7} Raise b$/, /^2\/3 \w{7} Add notes$/, /^3\/3 \w{7} Raise c and reword the third note$/]);
  await expect(fileDiff(page, 'src/app.ts')).toContainText('export const c = 30;');

  // Commit 2 alone: notes.ts as it added it, app.ts untouched by it.
  await picker.focus();
  await picker.selectOption({ label: (await picker.locator('option').nth(2).textContent())! });
  await expect(fileDiff(page, 'src/notes.ts')).toContainText('export const third = "three";');
  await expect(fileDiff(page, 'src/app.ts')).not.toContainText('export const c = 30;');
  await expect(fileDiff(page, 'src/app.ts')).not.toContainText('export const b = 20;');
  expect(new URL(page.url()).hash).toMatch(/^#(.*&)?commits=[0-9a-f]{40}\.\.[0-9a-f]{40}/);
  expect(new URL(page.url()).search).toBe('');

  // Line 3 is reworded by commit 3: not in the range's final version, refused with the reason.
  await lineNumber(page, 'src/notes.ts', 'new', 3).click();
  await page.keyboard.press('c');
  await expect(page.getByText("This line is not in the range's final version", { exact: false })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Comment/ })).toHaveCount(0);

  // Line 2 is the same text in the range's new side: an ordinary comment on the range's line 2.
  await lineNumber(page, 'src/notes.ts', 'new', 2).click();
  await page.keyboard.press('c');
  const box = page.getByRole('textbox', { name: /^Comment/ });
  await box.fill('Is two the right name?');
  await box.press('Control+Enter');
  await expect(card(page, 'Comment, Line 2 (new)').filter({ hasText: 'Is two the right name?' })).toBeVisible();
  await page.mouse.move(1, 1);
  await screenshotAtBothSizes(page, 'commits-one-commit');

  // Back to the whole range: both app.ts changes, the comment on its line.
  await picker.selectOption({ label: 'Whole range (3 commits)' });
  await expect(fileDiff(page, 'src/app.ts')).toContainText('export const c = 30;');
  await expect(card(page, 'Comment, Line 2 (new)').filter({ hasText: 'Is two the right name?' })).toBeVisible();
  expect(new URL(page.url()).hash).not.toContain('commits=');

  expect(await sendFeedback(page, redline)).toBe(0);
  const out = redline.stdout();
  expect(out).toContain('src/notes.ts');
  expect(out).toMatch(/## `src\/notes.ts` \(added\)\n\n### Line 2 \(new\)\n\n> Is two the right name\?\n[\s\S]*new side of `src\/notes.ts`[^\n]*\n```ts\nexport const second = "two";\n```/);
});
