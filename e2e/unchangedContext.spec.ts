/**
 * "More unchanged context may be available" (issue 18) shows only where
 * there is more: after a last hunk that stops short of the file's end, never
 * after a last hunk that reaches it, and never before line 1.
 */
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openReview, startRedline, type RunningRedline } from './support/redline';
import { repoWith } from './support/repoWith';
import { fileDiff } from './support/reviewPage';

let redline: RunningRedline | null = null;
let dir: string | null = null;

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

test('the unchanged-context note shows after a hunk with more below it, not at the end of a file or before line 1', async ({ page }) => {
  const text = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
  dir = repoWith(
    { 'a_end.txt': text, 'b_start.txt': text },
    // a: line 29 changed (the diff shows 26–30, the file's end); b: line 2 changed (1–5 shown, 6–30 not).
    { 'a_end.txt': text.replace('line 29\n', 'line 29!\n'), 'b_start.txt': text.replace('line 2\n', 'line 2!\n') },
  );
  redline = await startRedline({ cwd: dir });
  await openReview(page, redline);
  await expect(fileDiff(page, 'b_start.txt').locator('[data-line]').first()).toBeVisible();

  /** The visible notes of a file, each with the row it follows ("start" when it comes before the first row). */
  const notes = (path: string) =>
    fileDiff(page, path).evaluate((host) =>
      Array.from(host.shadowRoot?.querySelectorAll('code[data-additions] [data-content] > *, code[data-unified] [data-content] > *') ?? []).flatMap((el, i, all) => {
        if (!el.matches('[data-separator]') || (el as HTMLElement).offsetParent === null) return [];
        const before = all.slice(0, i).reverse().find((x) => x.matches('[data-line]'));
        return [before?.getAttribute('data-line') ?? 'start'];
      }),
    );
  const wording = (path: string) =>
    fileDiff(page, path).evaluate((host) => Array.from(host.shadowRoot?.querySelectorAll('[data-unmodified-lines]') ?? []).filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => el.textContent));

  await expect.poll(() => notes('a_end.txt')).toEqual(['start']); // lines 1–25 above the hunk, none after line 30
  await expect.poll(() => notes('b_start.txt')).toEqual(['5']); // nothing before line 1; lines 6–30 after line 5
  expect(await wording('b_start.txt')).toEqual(['More unchanged context may be available']);
});
