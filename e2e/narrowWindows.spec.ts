/**
 * Narrow windows: at 800×700 and 1280×720, in split
 * and unified view, a comment added by mouse (the gutter's "+"): its form,
 * and its "Add comment" button, fit inside the window (at 800 px split view
 * had the button at x 800–896, off screen). Also: the sidebar hides and
 * comes back, and its width and state are remembered across a reload.
 * With SCREENSHOTS=1 it writes the narrow layouts, the hidden sidebar and
 * the line cursor to docs/screenshots/.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createFixtureRepo, type FixtureRepo } from './support/fixtureRepo';
import { openReview, startRedline, type PreferencesChoice, type RunningRedline } from './support/redline';
import { clickInDiff } from './support/reviewPage';

const OUT = join(process.cwd(), 'docs/screenshots');

let fixture: FixtureRepo | null = null;
let redline: RunningRedline | null = null;

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  fixture?.cleanup();
  fixture = null;
});

async function shot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  mkdirSync(OUT, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(OUT, `${name}.png`) });
}

/** Opens the review with these preferences (the layout is one, like the settings). */
async function open(page: Page, preferences: PreferencesChoice): Promise<RunningRedline> {
  fixture = createFixtureRepo();
  redline = await startRedline({ cwd: fixture.dir, preferences });
  await openReview(page, redline);
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();
  return redline;
}

/** Hovers new-side line `line` of `path` and clicks the gutter's "+". */
async function plusOnLine(page: Page, path: string, line: number): Promise<void> {
  const file = page.locator('diffs-container').filter({ has: page.locator('[data-title]', { hasText: path }) });
  const row = file.locator(`[data-line="${line}"]`).last();
  // The "+" shows on hover, and the virtualized rows may be redrawn meanwhile: aim again then.
  await expect(async () => {
    await row.hover({ timeout: 2000 });
    await file.getByRole('button', { name: 'Comment on these lines' }).click({ timeout: 2000 });
    await expect(page.getByRole('textbox', { name: /^Comment/ })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

const LAYOUTS = [
  { width: 800, height: 700, style: 'split' },
  { width: 800, height: 700, style: 'unified' },
  { width: 1280, height: 720, style: 'split' },
  { width: 1280, height: 720, style: 'unified' },
] as const;

for (const { width, height, style } of LAYOUTS) {
  test(`at ${width}×${height}, ${style} view: a comment added by mouse, its form inside the window`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    // unifiedBelow=0: split stays split even at 800 px, the hardest case for the form.
    await open(page, { settings: { diffStyle: style }, layout: { unifiedBelow: 0 } });
    const path = fixture!.files.modified;
    await plusOnLine(page, path, 2);
    const form = page.getByRole('textbox', { name: /^Comment/ });
    await form.fill(`A comment at ${width} px, ${style}.`);
    const add = page.getByRole('button', { name: 'Add comment' });
    await shot(page, `narrow-${width}-${style}-form`);
    const box = (await add.boundingBox())!;
    expect(box.x, 'the button starts inside the window').toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, 'the button ends inside the window').toBeLessThanOrEqual(width);
    await clickInDiff(page, add);
    await expect(page.getByRole('article', { name: 'Comment, Line 2 (new)' })).toContainText(`at ${width} px`);
  });
}

test('below the chosen width split view shows as unified by itself; the sidebar hides, resizes, and both are remembered', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 700 });
  await open(page, { settings: { diffStyle: 'split' } });
  // The default width (900 px) is above 800: unified, one code column per file.
  await expect(page.locator('diffs-container code[data-deletions]')).toHaveCount(0);
  await expect(page.locator('diffs-container code[data-unified], diffs-container [data-unified]').first()).toBeAttached();
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.locator('diffs-container code[data-deletions]').first()).toBeAttached();
  await page.setViewportSize({ width: 800, height: 700 });
  await shot(page, 'narrow-800-auto-unified');

  // Drag the sidebar's edge 100 px wider.
  const edge = page.getByRole('separator', { name: 'Resize the sidebar' });
  const before = (await page.locator('.sidebar').boundingBox())!.width;
  const grip = (await edge.boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + 200);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2 + 100, grip.y + 200, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await page.locator('.sidebar').boundingBox())!.width).toBeCloseTo(before + 100, -1);

  // Hide it with its button; the diff takes the width.
  await page.getByRole('button', { name: 'Hide the sidebar' }).click();
  await expect(page.locator('.sidebar')).toHaveCount(0);
  await shot(page, 'sidebar-hidden');
  // Remembered in the reviewer's preferences file: the drag as one width, then the hiding.
  await expect.poll(() => redline!.preferences().layout.sidebar).toBe('hidden');
  expect(redline!.preferences().layout.sidebarWidth).toBeCloseTo(before + 100, -1);
  await page.reload();
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();
  await expect(page.locator('.sidebar')).toHaveCount(0);
  // `b` brings it back, as wide as it was dragged.
  await page.keyboard.press('b');
  await expect(page.locator('.sidebar')).toBeVisible();
  expect((await page.locator('.sidebar').boundingBox())!.width).toBeCloseTo(before + 100, -1);

  // The line cursor, for the docs.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(page.locator('[data-line-cursor-announcer]')).toHaveText(/selected$/);
  await shot(page, 'line-cursor');
});

test('at 800×700 with the sidebar open, every file header keeps its Viewed checkbox inside its file\'s box (a deleted file with "Compare with an added file…" too)', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 700 });
  fixture = createFixtureRepo();
  // A deleted file with a longer name than the fixture's own: its header is the widest.
  const deleted = 'docs/archive/release_notes_2019_q3.txt';
  const git = (...args: string[]) => execFileSync('git', args, { cwd: fixture!.dir, env: { ...process.env, GIT_AUTHOR_NAME: 'F', GIT_AUTHOR_EMAIL: 'f@redline.invalid', GIT_COMMITTER_NAME: 'F', GIT_COMMITTER_EMAIL: 'f@redline.invalid' } });
  // Committed under the fixture's change (set aside meanwhile), then deleted in the working tree.
  git('stash', '--include-untracked');
  mkdirSync(join(fixture.dir, 'docs/archive'), { recursive: true });
  writeFileSync(join(fixture.dir, deleted), 'Old release notes.\n');
  git('add', deleted);
  git('commit', '-qm', 'notes');
  git('stash', 'pop');
  rmSync(join(fixture.dir, deleted));
  redline = await startRedline({ cwd: fixture.dir, preferences: { settings: { diffStyle: 'unified' } } });
  await openReview(page, redline);
  await expect(page.getByRole('combobox', { name: `Compare ${deleted} with an added file` })).toBeVisible();
  for (const path of [...fixture.paths, deleted]) {
    // Each file's header as the tree brings it to the top.
    await page.getByRole('navigation', { name: 'Changed files' }).getByRole('button', { name: new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `) }).click();
    const viewed = page.getByRole('checkbox', { name: `Viewed ${path}` });
    await expect(viewed).toBeVisible();
    const box = (await viewed.boundingBox())!;
    // Inside the file's own box (the header's right edge): at 800 px a deleted file's header ran 3-26 px past it, its checkbox cut.
    const right = await page.locator('diffs-container').filter({ has: viewed }).evaluate((el) => el.getBoundingClientRect().right);
    expect(box.x + box.width, `${path}: its Viewed checkbox ends inside the file's box (${right} px)`).toBeLessThanOrEqual(right);
  }
  await shot(page, 'narrow-800-headers');
});
