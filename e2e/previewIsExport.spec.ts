/**
 * The Send dialog's preview is the export (docs/rounds.md, "In the export";
 * docs/feedback-format.md): in round 2 of a real series, with the agent's
 * proposals answered (accepted, rejected with a reply, one left
 * unanswered), round 1's threads (one the agent replied to, one resolved,
 * one replied to by the reviewer), the text the dialog shows as "exactly
 * what the agent receives" is byte for byte what `redline wait` prints and
 * what is saved under .git/redline/reviews/.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fixtureRepoPerTest, loopWait, postFindings, reviewerLink, REVIEW_LINK, runRedline } from './support/agentCli';
import { openReview, sendFeedback, startRedline } from './support/redline';
import { clickInDiff, commentOnLine } from './support/reviewPage';

const repo = fixtureRepoPerTest();

test('round 2: the Send preview equals what wait prints and what is saved, proposals, threads, a resolve and replies included', async ({ page }) => {
  const fixture = repo();
  test.setTimeout(150_000);
  const path = fixture.files.modified;

  // Round 1: two comments, sent.
  const round1 = await startRedline({ cwd: fixture.dir });
  await openReview(page, round1);
  await commentOnLine(page, path, 2, 'Subtract? This is add.');
  await commentOnLine(page, path, 6, 'Why floor?');
  expect(await sendFeedback(page, round1)).toBe(0);

  // The agent: fixes add, answers the floor thread.
  const calc = join(fixture.dir, path);
  writeFileSync(calc, readFileSync(calc, 'utf8').replace('a - b', 'a + b'));
  const threads = JSON.parse((await runRedline(['threads', '--json'], fixture.dir)).stdout) as { threads: { id: string; lines: { startLine: number } | null }[] };
  const floor = threads.threads.find((t) => t.lines?.startLine === 6)!;
  const reply = await runRedline(['reply', floor.id, '--text', 'Flooring keeps it an integer.'], fixture.dir);
  expect(reply.code, reply.stderr).toBe(0);

  // Round 2, as the agent runs it: start, three findings, wait in a loop.
  const start = await runRedline(['start', '--no-open'], fixture.dir);
  expect(start.code, start.stderr).toBe(0);
  const findings = [
    { kind: 'finding', path, side: 'new', lines: { start: 2, end: 2 }, text: 'Name the sum.', suggestion: { original: '  return a + b;', replacement: '  const sum = a + b;\n  return sum;' } },
    { kind: 'question', path, side: 'new', lines: { start: 1, end: 1 }, text: 'Export default instead?' },
    { kind: 'note', path, side: 'new', lines: { start: 3, end: 3 }, text: 'Unsure about the brace style.' },
  ];
  expect((await postFindings(fixture.dir, findings)).code).toBe(0);
  const agent = loopWait(fixture.dir, 24);

  expect(start.stderr).not.toMatch(REVIEW_LINK);
  await page.goto(await reviewerLink(fixture.dir));
  const proposal = (line: number) => page.getByRole('article', { name: new RegExp(`^Agent proposal · \\w+, Line ${line} \\(new\\)$`) });
  await expect(proposal(2)).toBeVisible({ timeout: 20_000 });
  await clickInDiff(page, proposal(2).getByRole('button', { name: 'Accept' }));
  await expect(page.getByText('Proposed by the agent')).toBeVisible();
  await clickInDiff(page, proposal(1).getByRole('button', { name: 'Reject' }));
  await expect(proposal(1).getByText('Rejected')).toBeVisible();
  await clickInDiff(page, proposal(1).getByRole('button', { name: 'Reply' }));
  await proposal(1).getByRole('textbox', { name: 'Your reply to the agent' }).fill('A named export reads better here.');
  await clickInDiff(page, proposal(1).getByRole('button', { name: 'Send reply' }));
  await expect(proposal(1)).toContainText('A named export reads better here.');

  const thread = (name: RegExp) => page.getByRole('article', { name });
  const floorThread = thread(/^Comment from round 1, Line 6/);
  await clickInDiff(page, floorThread.getByRole('button', { name: 'Reply' }));
  await floorThread.getByRole('textbox', { name: 'Reply' }).fill('Then say so in a comment.');
  await clickInDiff(page, floorThread.getByRole('button', { name: 'Add reply' }));
  const addThread = thread(/^Comment from round 1, Line 2/);
  await clickInDiff(page, addThread.getByRole('button', { name: 'Resolve' }));

  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await dialog.getByRole('radio', { name: /^Request changes/ }).check();
  const previewBox = dialog.getByTestId('feedback-preview');
  await expect(previewBox).toContainText('## Agent proposals');
  const preview = (await previewBox.textContent()) ?? '';
  expect(preview).toContain('· finding · accepted');
  expect(preview).toContain('· question · rejected');
  expect(preview).toContain('· note · unanswered');
  expect(preview).toContain("**Agent's reply:**\n\n> Flooring keeps it an integer.");
  expect(preview).toContain('> Then say so in a comment.');
  expect(preview).toMatch(/resolved by the reviewer/);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();

  const { ended } = await agent;
  expect(ended?.code, ended?.stderr).toBe(0);
  expect(ended!.stdout).toBe(preview);
  const copy = /a copy is in (\S+\.md)/.exec(ended!.stderr)?.[1];
  expect(copy, ended!.stderr).toBeDefined();
  expect(readFileSync(copy!, 'utf8')).toBe(preview);
});
