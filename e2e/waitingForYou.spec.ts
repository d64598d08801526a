/**
 * What waits for the reviewer is in reach when a round opens (docs/rounds.md,
 * "What waits for you"): round 1 comments on a line; the agent changes no
 * code, runs `redline start` and posts a finding. Round 2 opens on "0 files
 * changed since round 1" and shows first, above the diff, that nothing changed
 * and what waits (the proposal, the open thread); the proposal's file is not
 * folded, the tree marks it, and Accept works from the list. Screenshots
 * (1400×900 and 800×700) go to the test's output.
 */
import { expect, test } from '@playwright/test';
import { fixtureRepoPerTest, postFindings, reviewerLink, REVIEW_LINK, runRedline } from './support/agentCli';
import { openReview, sendFeedback, startRedline } from './support/redline';
import { screenshotsToOutput } from './support/screenshots';
import { commentOnLine } from './support/reviewPage';

const repo = fixtureRepoPerTest();

test('a round with no code change opens on what waits: the proposal and the open thread, listed first, Accept from the list', async ({ page }, testInfo) => {
  const fixture = repo();
  test.setTimeout(120_000);
  const path = fixture.files.modified;
  const round1 = await startRedline({ cwd: fixture.dir });
  await openReview(page, round1);
  await commentOnLine(page, path, 6, 'Why floor?');
  expect(await sendFeedback(page, round1)).toBe(0);

  // The agent changes nothing and posts a finding.
  const start = await runRedline(['start', '--no-open'], fixture.dir);
  expect(start.code, start.stderr).toBe(0);
  expect((await postFindings(fixture.dir, [{ kind: 'question', path, side: 'new', lines: { start: 2, end: 2 }, text: 'Should add subtract?' }])).code).toBe(0);
  expect(start.stderr).not.toMatch(REVIEW_LINK);
  await page.goto(await reviewerLink(fixture.dir));

  await expect(page.getByRole('group', { name: 'Review round' }).getByRole('status')).toHaveText('0 files changed since round 1');
  const waiting = page.getByRole('region', { name: 'Waiting for you' });
  await expect(waiting.locator('p').first()).toHaveText('No file changed since round 1. Waiting for you: 1 agent proposal, 1 open thread.', { timeout: 20_000 });
  // Its file is open: the proposal's card is in the diff; the tree marks the file.
  await expect(page.getByRole('article', { name: 'Agent proposal · question, Line 2 (new)' })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^${path.replace('.', '\\.')}, .*1 agent proposal, 1 open thread`) })).toBeVisible();
  await screenshotsToOutput(page, 'waiting-for-you', (name) => testInfo.outputPath(name));

  await waiting.getByRole('button', { name: `Accept question on Line 2 (new) in ${path}` }).click();
  await expect(page.getByText('Proposed by the agent')).toBeVisible();
  await expect(waiting.locator('p').first()).toHaveText('No file changed since round 1. Waiting for you: 1 open thread.');
  await page.getByRole('tab', { name: /^Comments/ }).click();
  await expect(page.getByRole('tab', { name: /^Comments/ })).toHaveText('Comments 2');
  await screenshotsToOutput(page, 'waiting-for-you-comments', (name) => testInfo.outputPath(name));
});
