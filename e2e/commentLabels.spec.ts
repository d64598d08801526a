/**
 * Comment labels (docs/feedback-format.md, "Labels") end to end, against the
 * real CLI and server on a real git repository: a comment labelled `issue`
 * (blocking by default), a suggestion labelled `nitpick`, both shown as chips
 * on their cards, then Send: the export on stdout carries both labels and
 * counts the blocking one. With SCREENSHOTS=1 the composer with its picker and
 * a labelled card are written to docs/screenshots/comment-labels-*.png.
 */
import { expect, test } from '@playwright/test';
import { undoAfterEachTest } from './support/afterTest';
import { createFixtureRepo } from './support/fixtureRepo';
import { openReview } from './support/redline';
import { card, clickInDiff, lineNumber, suggestIntegerHalving } from './support/reviewPage';
import { screenshotAtBothSizes } from './support/screenshots';

const after = undoAfterEachTest();

test('a comment labelled issue (blocking) and a suggestion labelled nitpick reach the export on stdout', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const fixture = createFixtureRepo();
  const running = await after.redlineOn(fixture.dir);
  await openReview(page, running);
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();
  const { modified } = fixture.files;

  // A comment on line 2: the picker's `issue` is blocking by default.
  await lineNumber(page, modified, 'new', 2).click();
  await page.keyboard.press('c');
  const commentForm = page.getByRole('form', { name: /^Comment on Line 2/ });
  await commentForm.getByRole('textbox', { name: /^Comment/ }).fill('Subtraction? This function is add().');
  await clickInDiff(page, commentForm.getByRole('button', { name: 'issue', exact: true }));
  await expect(commentForm.getByRole('button', { name: 'issue', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(commentForm.getByRole('checkbox', { name: 'Blocking' })).toBeChecked();
  await screenshotAtBothSizes(page, 'comment-labels-composer', () => commentForm.getByRole('button', { name: 'Add comment' }).scrollIntoViewIfNeeded());
  await clickInDiff(page, commentForm.getByRole('button', { name: 'Add comment' }));
  await expect(card(page, 'Comment, Line 2 (new)').locator('.label-chip')).toHaveText('issue · blocking');

  // A suggestion on lines 5-7, labelled nitpick (non-blocking), picked with Alt+4 from the keyboard.
  const code = await suggestIntegerHalving(page, modified);
  await code.press('Alt+Digit4');
  const suggestionForm = page.getByRole('form', { name: /^Suggest change on Lines 5/ });
  await expect(suggestionForm.getByRole('button', { name: 'nitpick', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(suggestionForm.getByRole('checkbox', { name: 'Blocking' })).not.toBeChecked();
  await expect(code).toHaveValue('export function half(n: number): number {\n  return n >> 1;\n}');
  await clickInDiff(page, suggestionForm.getByRole('button', { name: 'Add suggestion' }));
  const suggestionCard = card(page, 'Suggestion, Lines 5–7 (new)');
  await expect(suggestionCard.locator('.label-chip')).toHaveText('nitpick · non-blocking');
  await screenshotAtBothSizes(page, 'comment-labels-cards', () => card(page, 'Comment, Line 2 (new)').evaluate((el) => el.scrollIntoView({ block: 'center' })));

  // Send: the export on stdout has both labels and counts the blocking one.
  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await dialog.getByRole('radio', { name: /^Request changes/ }).check();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();
  expect(await running.exited).toBe(0);
  const stdout = running.stdout();
  expect(stdout).toContain('\n_1 blocking: fix these first._\n');
  expect(stdout).toMatch(/### Line 2 \(new\)\n\nLabel: issue \(blocking\)\n\n> Subtraction\? This function is add\(\)\./);
  expect(stdout).toMatch(/### Lines 5-7 \(new\)\n\nSuggestion `[0-9a-f]{12}` · revision `[0-9a-f]{64}`\nLabel: nitpick \(non-blocking\)\n/);
});
