/**
 * Publishing a round to its pull request from the page, in Chromium, against
 * the contract forge (every request checked against GitHub's OpenAPI
 * description): a pull request reviewed by its URL, a comment on a new line
 * and one on the deleted line (old side), two suggestions (one on a line of a hunk, one over lines of two hunks, which
 * GitHub cannot take as a suggestion), Request changes with "Publish to pull
 * request #7" checked. The forge received exactly one review: one suggestion
 * block, one `diff` fallback; the page links to it; a second `redline
 * publish --yes` posts nothing. Screenshots of the dialog (1400×900 and
 * 800×700) go to the test's output, and to docs/screenshots/ with
 * SCREENSHOTS=1.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { makePublishPull, PULL_URL } from '../apps/cli/testSupport/githubContract/publishPull';
import { forgeRunPerTest } from './support/forgeRun';
import { openReview, startRedline } from './support/redline';
import { card, clickInDiff, commentOnLine, dragLines, lineNumber } from './support/reviewPage';
import { screenshotAtBothSizes, screenshotsToOutput } from './support/screenshots';

const BIN = fileURLToPath(new URL('../apps/cli/bin/redline.js', import.meta.url));
const FILE = 'src/app.ts';

const run = forgeRunPerTest();

test('review a pull request, request changes and publish from the Send dialog: one review, one suggestion block, one diff fallback', async ({ page }, testInfo) => {
  const pull = await makePublishPull(run.tempDir);
  run.forge = pull.forge;
  const redline = (run.redline = await startRedline({ cwd: pull.clone.dir, args: [PULL_URL], env: pull.env }));
  await openReview(page, redline);

  await commentOnLine(page, FILE, 3, 'Why upper case?');

  // A comment on the deleted line 20 (the old side): GitHub takes it on the LEFT.
  await lineNumber(page, FILE, 'old', 20).click();
  await page.keyboard.press('c');
  const box = page.getByRole('textbox', { name: /^Comment/ });
  await box.fill('Line 20 was needed.');
  await box.press('Control+Enter');
  await expect(card(page, 'Comment, Line 20 (old)')).toBeVisible();

  // A suggestion on line 3, inside the first hunk: GitHub takes it as a suggestion block.
  await lineNumber(page, FILE, 'new', 3).click();
  await page.keyboard.press('s');
  const code = page.getByRole('textbox', { name: 'Suggested code' });
  await expect(code).toHaveValue('LINE 3');
  await code.fill('line 3');
  await code.press('Control+Enter');
  await expect(card(page, 'Suggestion, Line 3 (new)')).toBeVisible();

  // A suggestion over lines 5 to 18: from the first hunk into the second, which GitHub cannot take.
  await dragLines(page, lineNumber(page, FILE, 'new', 5), lineNumber(page, FILE, 'new', 18));
  await page.keyboard.press('c');
  await clickInDiff(page, page.getByRole('button', { name: 'Suggest change' }));
  await page.getByRole('textbox', { name: 'Suggested code' }).fill('lines 5 to 18, all of them');
  await clickInDiff(page, page.getByRole('button', { name: 'Add suggestion' }));
  await expect(card(page, 'Suggestion, Lines 5–18 (new)')).toBeVisible();

  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await dialog.getByRole('radio', { name: /^Request changes/ }).check();
  await dialog.getByRole('textbox', { name: /^Summary/ }).fill('Two things before this goes in.');
  const publish = dialog.getByRole('checkbox', { name: /^Publish to pull request #7/ });
  await expect(publish).not.toBeChecked();
  await publish.check();
  await expect(dialog).toContainText('octo/widgets#7: one GitHub review with changes requested');
  await screenshotsToOutput(page, 'publish-dialog', (name) => testInfo.outputPath(name));
  await screenshotAtBothSizes(page, 'publish-dialog');

  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();
  const published = page.getByRole('status').filter({ hasText: 'Published to octo/widgets#7' });
  await expect(published).toBeVisible();
  expect(await redline.exited).toBe(0);

  expect(pull.forge.violations).toEqual([]);
  expect(pull.forge.requests.filter((request) => request.operation === 'pulls/create-review')).toHaveLength(1);
  const [review] = pull.pull.reviews;
  const url = `https://github.com/octo/widgets/pull/7#pullrequestreview-${review!.id}`;
  await expect(published.getByRole('link')).toHaveAttribute('href', url);
  expect(redline.stderr()).toContain(`Published the round: ${url}`);
  expect(review!.state).toBe('CHANGES_REQUESTED');
  expect(review!.commitId).toBe(pull.head);
  const comments = review!.comments as { path: string; line: number; side: string; body: string }[];
  const bodies = [review!.body, ...comments.map((comment) => comment.body)].join('\n');
  expect(bodies.match(/^```suggestion$/gm)).toHaveLength(1);
  expect(bodies.match(/^```diff$/gm)).toHaveLength(1);
  expect(comments.map(({ path, line, side }) => ({ path, line, side }))).toEqual([
    { path: FILE, line: 3, side: 'RIGHT' },
    { path: FILE, line: 3, side: 'RIGHT' },
    { path: FILE, line: 20, side: 'LEFT' },
  ]);
  expect(comments.find((comment) => comment.body.includes('```suggestion'))!.body).toBe('```suggestion\nline 3\n```');
  expect(review!.body).toContain('#### `src/app.ts` · Suggestion on lines 5-18 (new side)');
  expect(review!.body).toContain('\n+lines 5 to 18, all of them\n```');
  expect(review!.body).toMatch(/^Two things before this goes in\.\n\n[\s\S]*<!-- redline-round: [0-9a-f]{40} -->$/);

  // A second publish, from the terminal: the round is already there, nothing is posted (run without blocking: the forge answers from this process).
  const again = (await promisify(execFile)(process.execPath, [BIN, 'publish', '--yes'], { cwd: pull.clone.dir, env: pull.env, encoding: 'utf8' })).stdout;
  expect(again).toBe(`already published: ${url}\n`);
  expect(pull.pull.reviews).toHaveLength(1);
  expect(pull.forge.violations).toEqual([]);
});
