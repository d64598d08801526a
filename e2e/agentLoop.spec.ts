/**
 * The loop an agent runs, on a real repository: `redline start`
 * returns at once; the agent loops `redline wait --timeout 5` (exit 4, still
 * open) while the reviewer, in Chromium, reviews and sends; the next `wait`
 * exits 0 with the feedback on stdout, the copy named for `redline apply`.
 */
import { expect, test } from '@playwright/test';
import { isProcessAlive } from '../apps/cli/src/sessions/isProcessAlive';
import { fixtureRepoPerTest, loopWait, reviewerLink, REVIEW_LINK, runRedline } from './support/agentCli';

const repo = fixtureRepoPerTest();

test('start, wait --timeout 5 in a loop (exit 4) while the reviewer sends, then wait exits 0 with the feedback', async ({ page }) => {
  const fixture = repo();
  test.setTimeout(90_000);
  const start = await runRedline(['start', '--no-open', '--json'], fixture.dir);
  expect(start.code, start.stderr).toBe(0);
  const { session, pid, port } = JSON.parse(start.stdout) as { session: string; pid: number; port: number };
  expect(session).toMatch(/^[0-9a-f]{16}$/);
  expect(start.stderr).not.toMatch(REVIEW_LINK);
  const link = await reviewerLink(fixture.dir);
  expect(new URL(link).port).toBe(String(port));

  // The agent's first wait times out: the review is open, nothing on stdout.
  const first = await runRedline(['wait', '--timeout', '5'], fixture.dir);
  expect(first).toMatchObject({ code: 4, stdout: '' });

  // The agent keeps looping while the reviewer works in the page.
  const agent = loopWait(fixture.dir, 12);

  await page.goto(link);
  await page.waitForURL(`http://127.0.0.1:${port}/`);
  await expect(page.getByText(fixture.files.modified, { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await dialog.getByRole('radio', { name: /^Request changes/ }).check();
  await dialog.getByRole('textbox', { name: /^Summary/ }).fill('Rename the helper back, please.');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();
  const { waits, ended } = await agent;

  expect(ended, JSON.stringify(waits)).not.toBeNull();
  const done = ended!;
  expect(waits.slice(0, -1).every((run) => run.code === 4 && run.stdout === '')).toBe(true);
  expect(done.code, done.stderr).toBe(0);
  expect(done.stdout).toContain('# Code review feedback');
  expect(done.stdout).toContain('Request changes');
  expect(done.stdout).toContain('Rename the helper back, please.');
  expect(done.stderr).toMatch(/a copy is in .*\/\.git\/redline\/reviews\/.*\.md/);
  // The server is gone once the feedback is collected, and the session with it.
  await expect.poll(async () => (await runRedline(['status'], fixture.dir)).code).toBe(1);
  await expect.poll(() => isProcessAlive(pid)).toBe(false);
});
