/**
 * Asking the agent, on a real repository in Chromium: the test agent runs
 * `redline start`; the reviewer asks about the file in the Comments tab;
 * `redline wait` exits 5 with the question; the card says the agent has
 * picked it up; `redline answer` answers, and the answer shows under the
 * question within 2 s, without a reload; the feedback holds the question
 * and the answer.
 */
import { expect, test } from '@playwright/test';
import { fixtureRepoPerTest, reviewerLink, runRedline } from './support/agentCli';
import { sendWithVerdict } from './support/reviewPage';

const repo = fixtureRepoPerTest();

test('the reviewer asks the agent; wait returns the question, answer answers it, the page shows the answer', async ({ page }, testInfo) => {
  const fixture = repo();
  test.setTimeout(120_000);
  const start = await runRedline(['start', '--no-open', '--json'], fixture.dir);
  expect(start.code, start.stderr).toBe(0);
  const link = await reviewerLink(fixture.dir);

  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(link);
  await page.getByRole('tab', { name: /Comments/ }).click();
  const panel = page.getByRole('region', { name: 'Questions to the agent' });
  await panel.getByRole('button', { name: 'Ask the agent' }).click();
  await panel.getByRole('textbox', { name: 'Your question to the agent' }).fill('Why does add subtract now?');
  await panel.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(panel).toContainText('the agent has not picked it up');

  const waited = await runRedline(['wait', '--timeout', '10', '--json'], fixture.dir);
  expect(waited.code, waited.stderr).toBe(5);
  const [question] = (JSON.parse(waited.stdout) as { questions: { id: string; text: string }[] }).questions;
  expect(question!.text).toBe('Why does add subtract now?');
  await expect(panel).toContainText('the agent is answering', { timeout: 10_000 });

  const answered = await runRedline(['answer', question!.id, '--text', 'A slip: it should add.'], fixture.dir);
  expect(answered.code, answered.stderr).toBe(0);
  const shownBy = Date.now() + 2_000;
  await expect(panel.getByLabel("The agent's answer")).toContainText('A slip: it should add.', { timeout: 2_000 });
  expect(Date.now()).toBeLessThanOrEqual(shownBy);
  await page.screenshot({ path: testInfo.outputPath('ask-1400x900.png') });
  await page.setViewportSize({ width: 800, height: 700 });
  await page.screenshot({ path: testInfo.outputPath('ask-800x700.png') });
  await page.setViewportSize({ width: 1400, height: 900 });

  await sendWithVerdict(page, 'Request changes');
  const feedback = await runRedline(['wait', '--timeout', '10'], fixture.dir);
  expect(feedback.code, feedback.stderr).toBe(0);
  expect(feedback.stdout).toContain(`### Question \`${question!.id}\` · answered`);
  expect(feedback.stdout).toContain("> Why does add subtract now?\n\n**Agent's answer:**\n\n> A slip: it should add.");
});
