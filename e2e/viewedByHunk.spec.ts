/**
 * Viewed marks in round 2, in Chromium on a real repository (docs/rounds.md,
 * "Viewed marks"): round 1 marks two files viewed (one changed in three
 * hunks) and leaves a third unviewed; the agent changes one hunk of the
 * viewed file. Round 2: that file says "1 of 3 hunks to review" and is not
 * viewed; the other viewed file, untouched, stays viewed and says
 * "Unchanged since round 1" with no counts; the never-viewed file is not
 * viewed. A resolve shows as "Resolved on Send" and the Send footer counts it.
 * Screenshots (1400×900 and 800×700) go to the test's output.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openReview, sendFeedback, startRedline } from './support/redline';
import { screenshotsToOutput } from './support/screenshots';
import { clickInDiff, commentOnLine, fileDiff } from './support/reviewPage';

const lines = (edits: Record<number, string>) => `${Array.from({ length: 40 }, (_, i) => edits[i + 1] ?? `line ${i + 1}`).join('\n')}\n`;
let dir: string;

test.beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'redline-hunks-')));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@redline.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: dir });
  git('init', '--quiet', '--initial-branch=main');
  writeFileSync(join(dir, 'big.txt'), lines({}));
  writeFileSync(join(dir, 'small.txt'), 'a\nb\n');
  writeFileSync(join(dir, 'other.txt'), 'x\ny\n');
  git('add', '--all');
  git('commit', '--quiet', '-m', 'base');
  writeFileSync(join(dir, 'big.txt'), lines({ 3: 'three', 20: 'twenty', 37: 'thirty-seven' }));
  writeFileSync(join(dir, 'small.txt'), 'a\nB\n');
  writeFileSync(join(dir, 'other.txt'), 'x\nY\n');
});

test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('round 2: viewed only where viewed and unchanged; "1 of 3 hunks to review"; "Resolved on Send" and the footer counts it', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const round1 = await startRedline({ cwd: dir });
  await openReview(page, round1);
  await commentOnLine(page, 'small.txt', 2, 'Why upper case?');
  for (const path of ['big.txt', 'small.txt']) await page.getByRole('checkbox', { name: `Viewed ${path}` }).check();
  expect(await sendFeedback(page, round1)).toBe(0);

  writeFileSync(join(dir, 'big.txt'), lines({ 3: 'three', 20: 'TWENTY', 37: 'thirty-seven' }));
  const round2 = await startRedline({ cwd: dir });
  await openReview(page, round2);
  await expect(page.getByRole('group', { name: 'Review round' }).getByRole('status')).toHaveText('1 file changed since round 1');
  await expect(page.getByText('1/3 viewed')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Viewed big.txt' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Viewed small.txt' })).toBeChecked();
  // other.txt is unchanged since round 1 and holds no thread: "Since round 1" leaves it out until "Show all".
  await expect(page.getByRole('status').filter({ hasText: '1 file unchanged since round 1 is hidden' })).toBeVisible();
  await page.getByRole('button', { name: 'Show all' }).click();
  await expect(page.getByRole('checkbox', { name: 'Viewed other.txt' })).not.toBeChecked();
  await expect(page.getByRole('group', { name: 'big.txt actions' })).toContainText('1 of 3 hunks to review');
  await expect(page.getByRole('group', { name: 'small.txt actions' })).toContainText('Unchanged since round 1');
  await expect(page.getByRole('region', { name: 'Review overview' }).locator('.overview-stats')).toHaveText('1 file changed +1 −1');

  // small.txt holds round 1's open thread: it is not folded away; resolve it.
  const thread = page.getByRole('article', { name: /^Comment from round 1, Line 2, Open$/ });
  await expect(fileDiff(page, 'small.txt').getByText('Why upper case?')).toBeVisible();
  await clickInDiff(page, thread.getByRole('button', { name: 'Resolve' }));
  await expect(thread.locator('.thread-state')).toHaveText('Resolved on Send');
  await screenshotsToOutput(page, 'viewed-by-hunk', (name) => testInfo.outputPath(name));

  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(dialog).toContainText('0 annotations, 1 resolve · Ctrl');
  await screenshotsToOutput(page, 'send-footer', (name) => testInfo.outputPath(name));
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();
  expect(await round2.exited).toBe(0);
});
