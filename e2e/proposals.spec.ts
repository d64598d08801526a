/**
 * The agent's findings as proposals, on a real repository: the
 * test agent runs `redline start`, posts three findings with `redline
 * annotate`, and loops `redline wait --timeout 5` (exit 4) while the
 * reviewer, in Chromium, accepts one, edits one, rejects one and sends;
 * `wait` then exits 0 with the feedback naming all three outcomes.
 * Screenshots of the proposals (1400×900 and 800×700) go to the test's
 * output, and to docs/screenshots/ only with SCREENSHOTS=1.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { fixtureRepoPerTest, loopWait, postFindings, reviewerLink, REVIEW_LINK, runRedline } from './support/agentCli';

const repo = fixtureRepoPerTest();

const SCREENSHOT_DIR = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

async function shoot(page: Page, name: string, outputPath: (name: string) => string): Promise<void> {
  await page.screenshot({ path: outputPath(`${name}.png`) });
  if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

const card = (page: Page, line: number) => page.getByRole('article', { name: new RegExp(`^Agent proposal · \\w+, Line ${line} \\(new\\)$`) });

test('the agent posts three findings; the reviewer accepts one, edits one, rejects one; wait names all three outcomes', async ({ page }, testInfo) => {
  const fixture = repo();
  test.setTimeout(120_000);
  const start = await runRedline(['start', '--no-open', '--json'], fixture.dir);
  expect(start.code, start.stderr).toBe(0);
  expect(start.stderr).not.toMatch(REVIEW_LINK);
  const link = await reviewerLink(fixture.dir);

  const path = fixture.files.modified;
  const findings = [
    { kind: 'finding', path, side: 'new', lines: { start: 2, end: 2 }, text: 'This subtracts: add should add.', suggestion: { original: '  return a - b;', replacement: '  return a + b;' } },
    { kind: 'question', path, side: 'new', lines: { start: 6, end: 6 }, text: 'Is flooring intended for negative n?' },
    { kind: 'note', path, side: 'new', lines: { start: 5, end: 5 }, text: 'I was unsure about this signature.' },
  ];
  const annotate = await postFindings(fixture.dir, findings);
  expect(annotate.code, annotate.stderr).toBe(0);
  expect(annotate.stderr).toContain('Posted 3 findings as proposals: 3 new, 0 already in the review.');

  const first = await runRedline(['wait', '--timeout', '5'], fixture.dir);
  expect(first).toMatchObject({ code: 4, stdout: '' });
  const agent = loopWait(fixture.dir, 18);

  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(link);
  await expect(card(page, 2)).toBeVisible({ timeout: 20_000 });
  await expect(card(page, 6)).toBeVisible();
  await expect(card(page, 5)).toBeVisible();
  await card(page, 2).scrollIntoViewIfNeeded();
  await shoot(page, 'proposals-1400x900', (name) => testInfo.outputPath(name));
  await page.setViewportSize({ width: 800, height: 700 });
  await card(page, 2).scrollIntoViewIfNeeded();
  await shoot(page, 'proposals-800x700', (name) => testInfo.outputPath(name));
  await page.setViewportSize({ width: 1400, height: 900 });

  await card(page, 2).getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Proposed by the agent')).toBeVisible();
  await card(page, 6).getByRole('button', { name: 'Edit' }).click();
  await card(page, 6).getByRole('textbox', { name: 'Your comment' }).fill('Floor toward zero instead, please.');
  await card(page, 6).getByRole('button', { name: 'Save as my comment' }).click();
  await expect(card(page, 6)).toHaveCount(0);
  await card(page, 5).getByRole('button', { name: 'Reject' }).click();
  await expect(card(page, 5).getByText('Rejected')).toBeVisible();

  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await dialog.getByRole('radio', { name: /^Request changes/ }).check();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();
  const { waits, ended } = await agent;

  expect(ended, JSON.stringify(waits)).not.toBeNull();
  const done = ended!;
  expect(waits.slice(0, -1).every((run) => run.code === 4 && run.stdout === '')).toBe(true);
  expect(done.code, done.stderr).toBe(0);
  const feedback = done.stdout;
  expect(feedback).toContain('## Agent proposals');
  expect(feedback).toMatch(/### Proposal `[0-9a-f]{10}` · finding · accepted\n\n- \*\*Where:\*\* `src\/calc.ts` line 2 \(new\)\n- \*\*Outcome:\*\* accepted: the reviewer's annotation `[0-9a-f]+` above, proposed by the agent/);
  expect(feedback).toMatch(/### Proposal `[0-9a-f]{10}` · question · edited/);
  expect(feedback).toMatch(/### Proposal `[0-9a-f]{10}` · note · rejected/);
  // The accepted suggestion and the edited comment are the reviewer's annotations above.
  expect(feedback.slice(0, feedback.indexOf('## Agent proposals'))).toContain('return a + b;');
  expect(feedback).toContain('> Floor toward zero instead, please.');

  // The agent applies what the reviewer accepted: the suggestion carries its file's revision, as the reviewer's own do.
  expect(feedback).not.toContain('revision unknown');
  const copy = /a copy is in (\S+\.md)/.exec(done.stderr)?.[1];
  expect(copy, done.stderr).toBeDefined();
  const apply = await runRedline(['apply', copy!], fixture.dir);
  expect(apply.code, apply.stdout + apply.stderr).toBe(0);
  expect(readFileSync(join(fixture.dir, path), 'utf8')).toContain('  return a + b;');
});
