/**
 * Reading the diff (search, and the small things), against the real CLI:
 * - search highlights the match itself (a CSS highlight over its characters,
 *   no line selected), scrolls the code column sideways to a match far to the
 *   right, and keeps its place across a word-wrap toggle; closed, it selects
 *   the match's line;
 * - a single click on a line's code (a mouse click where the line is drawn)
 *   only focuses it and puts the line cursor there; `c` then comments on it;
 * - "More unchanged context may be available" shows only where there is
 *   more: after a last hunk that stops short of the file's end, never after
 *   one that reaches it, and never before line 1.
 */
import { rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openReview, startRedline, type RunningRedline } from './support/redline';
import { repoWith } from './support/repoWith';
import { card, fileDiff } from './support/reviewPage';

let redline: RunningRedline | null = null;
let dir: string | null = null;

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/** The highlighted search match: its text, and where it is drawn against the window and its code column. */
const match = (page: Page) =>
  page.evaluate(() => {
    // (The e2e tsconfig's DOM types have no HighlightRegistry.get: it is a Map of Highlights, each a Set of ranges.)
    const highlight = (CSS.highlights as unknown as Map<string, Set<Range>>).get('redline-search-match');
    const range = highlight ? Array.from(highlight)[0] : undefined;
    if (!range) return null;
    const box = range.getBoundingClientRect();
    // The code column the match is in (in word-wrap mode Pierre's columns are `display: contents`: then the diff's <pre>).
    const code = range.startContainer.parentElement?.closest('[data-code]')?.getBoundingClientRect();
    const column = code && code.width > 0 ? code : range.startContainer.parentElement?.closest('pre')?.getBoundingClientRect();
    return {
      text: range.toString(),
      inColumn: column !== undefined && box.left >= column.left && box.right <= column.right,
      inWindow: box.top >= 0 && box.bottom <= window.innerHeight && box.width > 0,
    };
  });

const selectedLines = (page: Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll('diffs-container')).reduce((n, host) => n + (host.shadowRoot?.querySelectorAll('[data-line][data-selected-line]').length ?? 0), 0));

test('search highlights the match itself, scrolls sideways to it, and keeps its place across a word-wrap toggle', async ({ page }) => {
  // 200 lines of 300 characters: wrapping them changes every line's height (the match is on line 150, far right).
  const long = (i: number, tail: string) => `export const line${i} = '${'x'.repeat(300)}'; // ${tail}`;
  const lines = (tail: (i: number) => string) => Array.from({ length: 200 }, (_, i) => long(i + 1, tail(i + 1))).join('\n') + '\n';
  dir = repoWith({ 'src/wide.ts': lines(() => 'same') }, { 'src/wide.ts': lines((i) => (i === 150 ? 'FarRightNeedle' : i % 20 === 0 ? 'changed' : 'same')) });
  redline = await startRedline({ cwd: dir });
  await openReview(page, redline);
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();

  await page.locator('body').click({ position: { x: 700, y: 10 } });
  await page.keyboard.press('/');
  await page.getByRole('searchbox', { name: 'Search' }).fill('FarRightNeedle');
  await expect(page.getByText('1 of 1')).toBeVisible();
  await expect.poll(() => match(page)).toEqual({ text: 'FarRightNeedle', inColumn: true, inWindow: true });
  // The match, not its line: no line is selected.
  expect(await selectedLines(page)).toBe(0);

  // Word wrap on (Settings): every line gets taller, and the view goes back to the match.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('checkbox', { name: 'Word wrap' }).check();
  await page.keyboard.press('Escape');
  await expect(page.locator('diffs-container').first()).toHaveJSProperty('isConnected', true);
  await expect.poll(async () => fileDiff(page, 'src/wide.ts').evaluate((host) => host.shadowRoot?.querySelector('pre')?.getAttribute('data-overflow'))).toBe('wrap');
  await expect.poll(() => match(page)).toEqual({ text: 'FarRightNeedle', inColumn: true, inWindow: true });
  expect(await page.getByText('1 of 1').count()).toBe(1);

  // Closing the search selects the match's line (so `c` comments on it), and only then.
  await page.getByRole('searchbox', { name: 'Search' }).press('Escape');
  await expect.poll(() => match(page)).toBeNull();
  await expect.poll(() => selectedLines(page)).toBeGreaterThan(0); // a context line: in both columns
  await page.keyboard.press('c');
  await expect(page.getByRole('textbox', { name: /^Comment/ })).toBeFocused();
  await expect(page.getByText('Line 150 (new)').first()).toBeVisible();
});

test('a click on a line only focuses it and moves the line cursor there; c then comments on that line', async ({ page }) => {
  const text = ['export function add(a: number, b: number): number {', '  return a + b;', '}', '', 'export const one = 1;', 'export const two = 2;', ''].join('\n');
  dir = repoWith({ 'src/calc.ts': text }, { 'src/calc.ts': text.replace('a + b', 'a - b') });
  redline = await startRedline({ cwd: dir });
  await openReview(page, redline);
  const file = fileDiff(page, 'src/calc.ts');
  await expect(file.locator('[data-line]').first()).toBeVisible();

  // Where new line 5 (context) is drawn now, in the right column's code: a person's click, at coordinates.
  const clickAt = async (side: 'additions' | 'deletions', line: number) => {
    const row = file.locator(`code[data-${side}] [data-line="${line}"]`);
    // CodeView redraws rows when the selection moves: read the position of the row drawn now.
    let box: { x: number; y: number; height: number } | null = null;
    await expect.poll(async () => (box = await row.boundingBox()) !== null, { message: `line ${line} is drawn` }).toBe(true);
    await page.mouse.click(box!.x + 40, box!.y + box!.height / 2);
  };
  await clickAt('additions', 5);
  await expect(page.locator('[data-line-cursor-announcer]')).toHaveText(/^src\/calc\.ts, new line 5: export const one = 1;$/);
  await expect(page.getByRole('textbox', { name: /^Comment/ })).toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('DIFFS-CONTAINER');

  // A context line clicked in the left (old) column is the same line, by its new number; a deleted line is an old line.
  await clickAt('deletions', 3);
  await expect(page.locator('[data-line-cursor-announcer]')).toHaveText(/new line 3: }$/);
  await clickAt('deletions', 2);
  await expect(page.locator('[data-line-cursor-announcer]')).toHaveText(/old line 2: return a \+ b;$/);

  await clickAt('additions', 5);
  await page.keyboard.press('c');
  const box = page.getByRole('textbox', { name: /^Comment/ });
  await expect(box).toBeFocused();
  await box.fill('Clicked, then c.');
  await box.press('Control+Enter');
  await expect(card(page, 'Comment, Line 5 (new)')).toContainText('Clicked, then c.');
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
