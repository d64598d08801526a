/** Finding things on the review page and commenting as a reviewer does, for the specs that need it. */
import { expect, type Locator, type Page } from '@playwright/test';

/** One file of the diff (its CodeView item), by path. */
export function fileDiff(page: Page, path: string): Locator {
  return page.locator('diffs-container').filter({ has: page.locator('[data-title]', { hasText: path }) });
}

/** A line number cell in the gutter (split view). */
export function lineNumber(page: Page, path: string, side: 'old' | 'new', line: number): Locator {
  return fileDiff(page, path).locator(`code[data-${side === 'new' ? 'additions' : 'deletions'}] [data-column-number="${line}"]`);
}

/** An annotation card, by its accessible name. */
export const card = (page: Page, name: string | RegExp): Locator => page.getByRole('article', { name });

/** A comment on one new-side line: select it, press c, type, Ctrl+Enter; waits for its card. */
export async function commentOnLine(page: Page, path: string, line: number, text: string): Promise<void> {
  await lineNumber(page, path, 'new', line).click();
  await page.keyboard.press('c');
  const box = page.getByRole('textbox', { name: /^Comment/ });
  await box.fill(text);
  await box.press('Control+Enter');
  await expect(card(page, `Comment, Line ${line} (new)`).filter({ hasText: text })).toBeVisible();
}

/**
 * Clicks a control drawn inside the diff once the diff is at rest. CodeView
 * turns pointer events off over its content for 120 ms after every scroll
 * (its own, a jump, or the scroll Playwright makes to bring the control into
 * view); our own controls now take their clicks through that pause
 * (styles/app.css, e2e/clickAfterScroll.spec.ts), and waiting for the rest
 * also keeps a control from moving under the click while CodeView settles.
 */
export async function clickInDiff(page: Page, control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await expect.poll(() => page.locator('.code-view [style*="pointer-events: none"]').count(), { message: 'the diff is at rest' }).toBe(0);
  await control.click();
}

/** Drags across line numbers, as a reviewer selects a range. */
export async function dragLines(page: Page, from: Locator, to: Locator): Promise<void> {
  // The virtualized view may re-render the rows while we measure: measure again then.
  type Box = { x: number; y: number; width: number; height: number };
  const boxes: { a?: Box; b?: Box } = {};
  await expect(async () => {
    await from.scrollIntoViewIfNeeded({ timeout: 1000 });
    boxes.a = (await from.boundingBox({ timeout: 1000 })) ?? undefined;
    boxes.b = (await to.boundingBox({ timeout: 1000 })) ?? undefined;
    expect(boxes.a && boxes.b).toBeTruthy();
  }).toPass({ timeout: 5000 });
  const { a, b } = boxes as Required<typeof boxes>;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
}

/** Send Feedback from the page's dialog with a verdict ("Request changes", "Approve", "Comment"), until the page says it was sent. */
export async function sendWithVerdict(page: Page, verdict: 'Request changes' | 'Approve' | 'Comment'): Promise<void> {
  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await dialog.getByRole('radio', { name: new RegExp(`^${verdict}`) }).check();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();
}

/**
 * The fixture repository's range suggestion (support/fixtureRepo.ts): drag lines 5–7 of its
 * modified file, press c, then "Suggest change" (prefilled with those lines), and write the
 * integer halving and its comment. Returns the code box; the form is left open.
 */
export async function suggestIntegerHalving(page: Page, modified: string): Promise<Locator> {
  await dragLines(page, lineNumber(page, modified, 'new', 5), lineNumber(page, modified, 'new', 7));
  await page.keyboard.press('c');
  await clickInDiff(page, page.getByRole('button', { name: 'Suggest change' }));
  const code = page.getByRole('textbox', { name: 'Suggested code' });
  await expect(code).toHaveValue('export function half(n: number): number {\n  return Math.floor(n / 2);\n}');
  await code.fill('export function half(n: number): number {\n  return n >> 1;\n}');
  await page.getByRole('textbox', { name: /^Comment/ }).fill('Integer halving without the float round trip.');
  return code;
}
