/**
 * The agent's tour, on a real repository in Chromium: the test agent runs
 * `redline start` and posts a two-step tour with `redline annotate`; the
 * reviewer walks it (the button, then `.`), each step scrolling the diff to
 * its lines and selecting them, so `c` comments right on the second step's
 * line; the feedback `redline wait` returns holds that comment on exactly
 * those lines. Screenshots of a step at 1400×900 and 800×700 go to the
 * test's output.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fixtureRepoPerTest, loopWait, reviewerLink, runRedline } from './support/agentCli';
import { sendWithVerdict } from './support/reviewPage';

const repo = fixtureRepoPerTest();

test('the reviewer walks the agent\'s tour step by step and comments on a step\'s lines', async ({ page }, testInfo) => {
  const fixture = repo();
  test.setTimeout(120_000);
  const start = await runRedline(['start', '--no-open', '--json'], fixture.dir);
  expect(start.code, start.stderr).toBe(0);
  const link = await reviewerLink(fixture.dir);
  const tour = {
    title: 'add() and half() changed',
    steps: [
      { path: fixture.files.modified, side: 'new', lines: { start: 2, end: 2 }, text: 'First, **add** now subtracts.' },
      { path: fixture.files.modified, side: 'new', lines: { start: 6, end: 6 }, text: 'Then `half` floors its result.' },
    ],
  };
  const file = join(fixture.dir, '.git', 'tour.json');
  writeFileSync(file, JSON.stringify({ tour }));
  const posted = await runRedline(['annotate', file], fixture.dir);
  expect(posted.code, posted.stderr).toBe(0);
  const agent = loopWait(fixture.dir, 18);

  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(link);
  const bar = page.getByRole('region', { name: "The agent's tour" });
  await expect(bar).toContainText('add() and half() changed', { timeout: 20_000 });
  await bar.getByRole('button', { name: 'Walk through the change' }).click();
  await expect(bar).toContainText('Step 1 of 2');
  await expect(bar.locator('.tour-text strong', { hasText: 'add' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await page.keyboard.press('.');
  await expect(bar).toContainText('Step 2 of 2');
  await expect(bar).toContainText('line 6');
  await expect(bar.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('tour-1400x900.png') });
  await page.setViewportSize({ width: 800, height: 700 });
  await page.screenshot({ path: testInfo.outputPath('tour-800x700.png') });
  await page.setViewportSize({ width: 1400, height: 900 });

  // The step's lines are selected: c comments on them.
  await page.keyboard.press('c');
  const comment = page.getByRole('textbox', { name: /^Comment/ });
  await expect(comment).toBeFocused();
  await page.keyboard.type('Flooring was not asked for.');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('article', { name: 'Comment, Line 6 (new)' })).toContainText('Flooring was not asked for.');
  await page.keyboard.press(',');
  await expect(bar).toContainText('Step 1 of 2');
  await bar.getByRole('button', { name: 'End tour' }).click();
  await expect(bar.getByRole('button', { name: 'Walk through the change' })).toBeVisible();

  await sendWithVerdict(page, 'Request changes');
  const { ended } = await agent;
  expect(ended?.code, ended?.stderr).toBe(0);
  expect(ended!.stdout).toMatch(/## `src\/calc\.ts`\n\n### Line 6 \(new\)\n\n> Flooring was not asked for\./);
});
