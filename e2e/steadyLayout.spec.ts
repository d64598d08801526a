/**
 * Things that moved or hid what the reviewer looked at: the Settings dialog
 * keeps its top and its tabs where they are when Display → Editor changes its
 * height; hidden whitespace is said beside the totals, with a way back; the
 * hover "+" in the gutter stays clear of the line's first character (at
 * 1400×900, split, and 800×700, unified: screenshots written to the test's
 * output, looked at).
 */
import { expect, test, type Page } from '@playwright/test';
import { undoAfterEachTest } from './support/afterTest';
import { CALC, keyboardRepo } from './support/keyboardOnly';
import { openReview } from './support/redline';
import { fileDiff } from './support/reviewPage';

const after = undoAfterEachTest();

async function openCalc(page: Page): Promise<void> {
  const redline = await after.redlineOn(keyboardRepo());
  await openReview(page, redline);
  await expect(fileDiff(page, CALC).locator('[data-line]').first()).toBeVisible();
}

test('the Settings dialog does not move switching Display → Editor and back: its top and its tabs stay put (0 px)', async ({ page }) => {
  await openCalc(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const where = async () => {
    const box = (await dialog.boundingBox())!;
    const tab = (await dialog.getByRole('tab', { name: 'Editor' }).boundingBox())!;
    return { top: box.y, tabX: tab.x, tabY: tab.y };
  };
  const onDisplay = await where();
  await dialog.getByRole('tab', { name: 'Editor' }).click();
  await expect(dialog.getByRole('tab', { name: 'Editor' })).toHaveAttribute('aria-selected', 'true');
  const onEditor = await where();
  expect(onEditor, `moved ${onEditor.top - onDisplay.top} px`).toEqual(onDisplay);
  await dialog.getByRole('tab', { name: 'Display' }).click();
  expect(await where()).toEqual(onDisplay);
});

test('hidden whitespace is said beside the totals, which say what they count, and "show" brings it back', async ({ page }, testInfo) => {
  await openCalc(page);
  const totals = page.getByTestId('overview-totals');
  await expect(totals).toHaveText('2 files changed +3 −2');
  await expect(page.getByRole('note').filter({ hasText: 'Whitespace changes hidden' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('checkbox', { name: /Hide whitespace/ }).check();
  await page.keyboard.press('Escape');
  const notice = page.getByRole('note').filter({ hasText: 'Whitespace changes hidden' });
  await expect(notice).toBeVisible();
  await expect(totals).toContainText('without whitespace changes');
  await page.screenshot({ path: testInfo.outputPath('whitespace-hidden.png'), clip: { x: 280, y: 40, width: 1120, height: 140 } });

  await notice.getByRole('button', { name: 'show' }).click();
  await expect(notice).toHaveCount(0);
  await expect(totals).toHaveText('2 files changed +3 −2');
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' }).getByRole('checkbox', { name: /Hide whitespace/ })).not.toBeChecked();
});

/** The hover "+" and the first character of new line `line` of calc, as drawn now. */
const plusAndFirstCharacter = (page: Page, line: number) =>
  fileDiff(page, CALC).evaluate((host, line) => {
    const root = host.shadowRoot!;
    const row = root.querySelector<HTMLElement>(`code[data-additions] [data-line="${line}"], code[data-unified] [data-line="${line}"]:not([data-line-type="change-deletion"])`);
    const plus = root.querySelector<HTMLElement>('button[data-utility-button]');
    if (!row || !plus || plus.getBoundingClientRect().width === 0) return null;
    const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
    const text = walker.nextNode() as Text | null;
    if (!text) return null;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, 1);
    const box = (r: DOMRect) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
    return { plus: box(plus.getBoundingClientRect()), first: box(range.getBoundingClientRect()), character: range.toString() };
  }, line);

for (const [width, height, layout] of [[1400, 900, 'split'], [800, 700, 'unified']] as const) {
  test(`at ${width}×${height} (${layout}) the hover "+" does not cover the line's first character`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height });
    await openCalc(page);
    const row = fileDiff(page, CALC).locator(`code[data-${layout === 'split' ? 'additions' : 'unified'}] [data-line="1"]`).first();
    let seen: Awaited<ReturnType<typeof plusAndFirstCharacter>> = null;
    let box: { x: number; y: number; width: number; height: number } | null = null;
    // The pointer moves over the line until the "+" shows (CodeView redraws rows, and takes no pointer events for a moment after a scroll).
    let nudge = 0;
    await expect
      .poll(async () => {
        box = await row.boundingBox({ timeout: 1000 }).catch(() => null);
        if (!box) return null;
        await page.mouse.move(box.x + box.width / 2 + (nudge++ % 2), box.y + box.height / 2);
        return (seen = await plusAndFirstCharacter(page, 1));
      }, { message: 'the "+" shows on the hovered line' })
      .not.toBeNull();
    expect(seen!.character).toBe('e');
    const overlap = Math.min(seen!.plus.right, seen!.first.right) - Math.max(seen!.plus.left, seen!.first.left);
    expect(overlap, `the "+" (${seen!.plus.left}–${seen!.plus.right}) and "e" (${seen!.first.left}–${seen!.first.right}) share no column`).toBeLessThanOrEqual(0);
    const at = box as unknown as { x: number; y: number };
    await page.screenshot({ path: testInfo.outputPath(`hover-plus-${width}x${height}.png`), clip: { x: Math.max(0, at.x - 120), y: Math.max(0, at.y - 40), width: 520, height: 120 } });
  });
}
