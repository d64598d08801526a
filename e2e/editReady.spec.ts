/**
 * Editing is never wrong: a click aimed at a line as
 * it is drawn at that moment, 100, 500, 1,000 and 2,000 ms after Edit, then
 * typing. The text lands on that line, or nowhere at all while the file
 * says it is getting ready. Before the fix, clicks 0.5–2.5 s after Edit put
 * the text at the start of line 1 (10 of 10 tries).
 *
 * The click is `page.mouse.click(x, y)` at coordinates read from the DOM at
 * that moment (as a person aims), never a locator click (which waits for
 * the element to be stable and so hides the race).
 */
import { rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openReview, startRedline, type RunningRedline } from './support/redline';
import { repoWith } from './support/repoWith';

const PATH = 'src/long.ts';
const LINES = 320;
/** Text that is no page shortcut, so a key the editor did not take cannot do anything else. */
const TYPED = 'zqz';

let dir: string | null = null;
let redline: RunningRedline | null = null;

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/** A file of a few hundred lines, every 4th one changed: one hunk the height of the file. */
function longFile(): { base: string; changed: string } {
  const base = Array.from({ length: LINES }, (_, i) => `export const value${i + 1} = ${i + 1};`);
  const changed = base.map((line, i) => (i % 4 === 2 ? line.replace(/= (\d+);/, '= $1 * 2;') : line));
  return { base: base.join('\n') + '\n', changed: changed.join('\n') + '\n' };
}

interface Aim {
  line: number;
  x: number;
  y: number;
  gettingReady: boolean;
}

/** Where a new-side line near the middle of the window is drawn right now, and whether the file says it is getting ready. */
function aim(page: Page): Promise<Aim | null> {
  return page.evaluate((path) => {
    const hosts = Array.from(document.querySelectorAll('diffs-container'));
    const host = hosts.find((h) => h.shadowRoot?.querySelector('[data-title]')?.textContent?.includes(path));
    const root = host?.shadowRoot;
    if (!root) return null;
    const middle = window.innerHeight / 2;
    let best: { line: number; x: number; y: number; distance: number } | null = null;
    for (const el of Array.from(root.querySelectorAll('code[data-additions] [data-line], [contenteditable="true"] [data-line]'))) {
      const rect = el.getBoundingClientRect();
      if (rect.height === 0 || rect.bottom < 0 || rect.top > window.innerHeight) continue;
      const distance = Math.abs(rect.top + rect.height / 2 - middle);
      if (!best || distance < best.distance) best = { line: Number(el.getAttribute('data-line')), x: rect.left + Math.min(60, rect.width / 2), y: rect.top + rect.height / 2, distance };
    }
    if (!best) return null;
    const gettingReady = document.querySelector('[data-edit-getting-ready]') !== null;
    return { line: best.line, x: best.x, y: best.y, gettingReady };
  }, PATH);
}

/** Every new-side line of the editor that holds the typed text. */
function linesWithTyped(page: Page): Promise<number[]> {
  return page.evaluate((typed) => {
    const found = new Set<number>();
    for (const host of Array.from(document.querySelectorAll('diffs-container'))) {
      for (const el of Array.from(host.shadowRoot?.querySelectorAll('[data-line]') ?? [])) {
        if (el.textContent?.includes(typed)) found.add(Number(el.getAttribute('data-line')));
      }
    }
    return [...found];
  }, TYPED);
}

test('a click where a line is drawn 100, 500, 1,000 and 2,000 ms after Edit: the typed text is on that line, or nowhere while the file says it is getting ready', async ({ page }) => {
  test.setTimeout(120_000);
  const { base, changed } = longFile();
  dir = repoWith({ [PATH]: base }, { [PATH]: changed });
  redline = await startRedline({ cwd: dir, preferences: { settings: { editSuggestions: true } } });
  await openReview(page, redline);
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();
  const hud = page.getByRole('region', { name: `Editing ${PATH}` });
  const outcomes: string[] = [];

  for (const delay of [100, 500, 1000, 2000]) {
    const edit = page.getByRole('group', { name: `${PATH} actions` }).getByRole('button', { name: 'Edit', exact: true });
    await edit.click();
    const clickedAt = Date.now();
    await page.waitForTimeout(Math.max(0, delay - (Date.now() - clickedAt)));
    const target = await aim(page);
    expect(target, `a line is drawn ${delay} ms after Edit`).not.toBeNull();
    await page.mouse.click(target!.x, target!.y);
    await page.keyboard.type(TYPED);

    // Let the session settle, then look at where the text went.
    await expect(hud.getByRole('button', { name: 'Suggest' })).toBeEnabled({ timeout: 15_000 });
    await expect(page.locator('[data-edit-getting-ready]')).toHaveCount(0);
    await page.waitForTimeout(300);
    const lines = await linesWithTyped(page);
    // Once shown, the lines do not move: the aimed line is drawn where it was aimed at.
    const after = await page.evaluate(({ path, line }) => {
      const host = Array.from(document.querySelectorAll('diffs-container')).find((h) => h.shadowRoot?.querySelector('[data-title]')?.textContent?.includes(path));
      const el = host?.shadowRoot?.querySelector(`[contenteditable="true"] [data-line="${line}"]`);
      const rect = el?.getBoundingClientRect();
      return rect ? rect.top + rect.height / 2 : null;
    }, { path: PATH, line: target!.line });
    expect.soft(after, `line ${target!.line} stays where it was drawn ${delay} ms after Edit`).toBeCloseTo(target!.y, 0);
    outcomes.push(`${delay} ms: aimed at line ${target!.line}${target!.gettingReady ? ' (getting ready)' : ''}, text on ${JSON.stringify(lines)}`);
    if (lines.length > 0 || !target!.gettingReady) expect.soft(lines, outcomes.join('; ')).toEqual([target!.line]);

    await hud.getByRole('button', { name: 'Discard' }).click();
    await expect(hud).toHaveCount(0);
  }
  console.log(outcomes.join('\n'));
});
