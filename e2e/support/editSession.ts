/** Edit Code to Suggest as a reviewer drives it: the Edit button, the HUD, Pierre's editor (for the edit specs). */
import { expect, type Locator, type Page } from '@playwright/test';

/** A file header's actions. */
export const header = (page: Page, path: string): Locator => page.getByRole('group', { name: `${path} actions` });
export const editButton = (page: Page, path: string): Locator => header(page, path).getByRole('button', { name: 'Edit', exact: true });
/** The HUD strip of a file in the edit session. */
export const hud = (page: Page, path: string): Locator => page.getByRole('region', { name: `Editing ${path}` });
/** Pierre's editable node (inside the item's shadow root). */
export const editor = (page: Page, path: string): Locator => page.getByRole('textbox', { name: path, exact: true });

/** Edit on `path` (the first file of a session, or one more); resolves once its editor takes input. */
export async function startEditing(page: Page, path: string, { timeout = 10_000 }: { timeout?: number } = {}): Promise<Locator> {
  await editButton(page, path).click();
  await expect(hud(page, path)).toBeVisible({ timeout });
  const box = editor(page, path);
  // The HUD is there from the click on (saying it is getting ready): the editor is what takes time.
  await expect(box).toBeVisible({ timeout });
  await expect(hud(page, path)).not.toHaveAttribute('data-edit-getting-ready', { timeout });
  return box;
}

/** Puts the caret on a line of the editor (clicking the line's row), then at its end or start. */
export async function caretTo(page: Page, path: string, line: number, where: 'end' | 'start' = 'end'): Promise<void> {
  const box = editor(page, path);
  await expect(async () => {
    await box.locator(`[data-line="${line}"]`).click({ timeout: 2000 });
    await expect(box.locator('[data-editor-active-line]')).toHaveAttribute('data-line', String(line), { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press(where === 'end' ? 'End' : 'Home');
}

/**
 * The animations running on the carets of `path`'s editor ("blinking running"): a running one,
 * even in its delay, keeps the compositor making frames, and the frame of each key typed
 * anywhere on the page then waits for the next vsync tick.
 */
export const caretAnimations = (page: Page, path: string): Promise<string[]> =>
  page
    .locator('diffs-container')
    .filter({ has: page.locator('[data-title]', { hasText: path }) })
    .evaluate((item) =>
      Array.from(item.shadowRoot?.querySelectorAll('[data-caret]') ?? []).flatMap((caret) => caret.getAnimations().map((a: Animation) => `${(a as CSSAnimation).animationName} ${a.playState}`)),
    );
