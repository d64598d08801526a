/**
 * Talking with the running agent, end to end on a real repository in
 * Chromium: the agent starts a review and posts its tour; the reviewer walks
 * two steps and asks about the second step's line; `redline wait` returns the
 * question (exit 5); `redline answer` answers with a suggested replacement;
 * the page shows the answer within 2 s, the reviewer accepts its suggestion
 * and sends; the feedback holds the question, the answer and the suggestion.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fixtureRepoPerTest, reviewerLink, runRedline } from './support/agentCli';
import { sendWithVerdict } from './support/reviewPage';

const repo = fixtureRepoPerTest();

test('tour, a question on a step\'s line, the answer with a suggestion accepted, Send: the feedback holds all three', async ({ page }) => {
  const fixture = repo();
  test.setTimeout(120_000);
  const path = fixture.files.modified;
  expect((await runRedline(['start', '--no-open', '--json'], fixture.dir)).code).toBe(0);
  const link = await reviewerLink(fixture.dir);
  const tourFile = join(fixture.dir, '.git', 'tour.json');
  writeFileSync(tourFile, JSON.stringify({ tour: { title: 'add() and half()', steps: [
    { path, side: 'new', lines: { start: 2, end: 2 }, text: 'add now subtracts.' },
    { path, side: 'new', lines: { start: 6, end: 6 }, text: 'half floors.' },
  ] } }));
  expect((await runRedline(['annotate', tourFile], fixture.dir)).code).toBe(0);

  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(link);
  const bar = page.getByRole('region', { name: "The agent's tour" });
  await bar.getByRole('button', { name: 'Walk through the change' }).click({ timeout: 20_000 });
  await page.keyboard.press('.');
  await expect(bar).toContainText('Step 2 of 2');

  // The step's line is selected: the question is about it unless another place is picked.
  await page.getByRole('tab', { name: /Comments/ }).click();
  const panel = page.getByRole('region', { name: 'Questions to the agent' });
  await panel.getByRole('button', { name: 'Ask the agent' }).click();
  await expect(panel.getByRole('combobox')).toHaveValue('lines');
  await panel.getByRole('textbox', { name: 'Your question to the agent' }).fill('Why floor here?');
  await panel.getByRole('button', { name: 'Ask', exact: true }).click();

  const waited = await runRedline(['wait', '--timeout', '10', '--json'], fixture.dir);
  expect(waited.code, waited.stderr).toBe(5);
  const [question] = (JSON.parse(waited.stdout) as { questions: { id: string; anchor: unknown; quoted: string }[] }).questions;
  expect(question!.anchor).toEqual({ scope: 'lines', path, side: 'new', lines: { start: 6, end: 6 } });
  expect(question!.quoted).toBe('  return Math.floor(n / 2);');

  const suggestion = join(fixture.dir, '.git', 'suggestion.json');
  writeFileSync(suggestion, JSON.stringify({ path, lines: { start: 6, end: 6 }, original: '  return Math.floor(n / 2);', replacement: '  return n / 2;' }));
  const answered = await runRedline(['answer', question!.id, '--text', 'No reason: I put it back.', '--suggest', suggestion], fixture.dir);
  expect(answered.code, answered.stderr).toBe(0);
  const shownBy = Date.now() + 2_000;
  await expect(panel.getByLabel("The agent's answer")).toContainText('No reason: I put it back.', { timeout: 2_000 });
  expect(Date.now()).toBeLessThanOrEqual(shownBy);

  const card = page.getByRole('article', { name: /^Agent proposal · finding, Line 6 \(new\)$/ });
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Proposed by the agent')).toBeVisible();

  await sendWithVerdict(page, 'Request changes');
  const feedback = await runRedline(['wait', '--timeout', '10'], fixture.dir);
  expect(feedback.code, feedback.stderr).toBe(0);
  expect(feedback.stdout).toContain('  return n / 2;');
  expect(feedback.stdout).toContain(`### Question \`${question!.id}\` · answered`);
  expect(feedback.stdout).toContain("> Why floor here?\n\n**Agent's answer:**\n\n> No reason: I put it back.");
});
