/**
 * "Edit Code to Suggest" against the real CLI and server and the
 * production build it serves, in Debian's Chromium, on real git
 * repositories, TYPING REAL KEYS into Pierre's editor (its editable node is
 * `role="textbox"` named after the file, inside the item's shadow root).
 *
 * Covered: the setting off (no Edit, no editor code fetched); on (the edit
 * chunk is a sidecar file fetched on the first Edit click); edit, type,
 * Suggest (suggestion with the right original and suggested code, pristine
 * diff, Replaces/Suggested code in the exported feedback); keys typed in
 * the editor are text, not shortcuts; Edit on a second file adds it to the
 * session (the HUD lists both, Suggest ends both); the caret blinks only
 * when it stays put, and only in the focused file of a two-file session;
 * Discard; a 7,500-line file; Make annotation below an in-session
 * insertion; a refresh mid-session (recovery); and the apply loop:
 * review → edit in place → Send Feedback → `redline apply` → the file is
 * byte for byte what the reviewer typed.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createFixtureRepo, type FixtureRepo } from './support/fixtureRepo';
import { repoWith as createRepoWith } from './support/repoWith';
import { caretAnimations as caretAnimationsOf, caretTo, editButton, editor, header, hud, startEditing } from './support/editSession';
import { openReview, startRedline, type RunningRedline } from './support/redline';

const BIN = fileURLToPath(new URL('../apps/cli/bin/redline.js', import.meta.url));
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** The lazy editor files: the adapter and Pierre's edit entry (edit/pierreEditAdapter.ts). */
const EDITOR_CHUNK = /\/assets\/(pierreEditAdapter|edit)-[A-Za-z0-9_-]+\.js$/;
/** The feature's own chunk (edit/loadedEditFeature.ts: the Edit button, the HUD, the controller), fetched when the setting is first on. */
const FEATURE_CHUNK = /\/assets\/loadedEditFeature-[A-Za-z0-9_-]+\.js$/;

let fixture: FixtureRepo | null = null;
let extraDirs: string[] = [];
let redline: RunningRedline | null = null;

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  fixture?.cleanup();
  fixture = null;
  for (const dir of extraDirs) rmSync(dir, { recursive: true, force: true });
  extraDirs = [];
});

// ---------- helpers ----------

const CALC = 'src/calc.ts';
const CALC_NEW = 'export function add(a: number, b: number): number {\n  return a - b;\n}\n\nexport function half(n: number): number {\n  return Math.floor(n / 2);\n}\n';

/** Starts redline with "Edit Code to Suggest" on in the reviewer's preferences, unless `flag` is false. */
async function startOn(dir: string, { flag = true }: { flag?: boolean } = {}): Promise<RunningRedline> {
  redline = await startRedline({ cwd: dir, preferences: { settings: { editSuggestions: flag } } });
  return redline;
}

/**
 * Clicks the editor's "Make annotation" where it is drawn, as a person does.
 * A locator's click first scrolls the button into view, and run after
 * e2e/editReady.spec.ts in the same worker that scroll had Pierre draw its
 * selection action anew each time: the element Playwright held was detached,
 * and it retried until the test timed out (the button itself stays put: one
 * element across 120 frames when nothing scrolls).
 */
async function clickMakeAnnotation(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Make annotation' });
  await expect(button).toBeInViewport();
  const box = await button.boundingBox({ timeout: 2000 });
  if (!box) throw new Error('the Make annotation button is not drawn');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * Selects line `line` of CALC from the keyboard (End, then Shift+Home) and
 * clicks Make annotation until `form` opens. In the same worker after
 * e2e/editReady.spec.ts the selection action was sometimes gone again before
 * the click (seen in a fresh-clone CI run): a person selects again, and so
 * does this.
 */
async function annotateSelection(page: Page, line: number, form: Locator): Promise<void> {
  await expect(async () => {
    await caretTo(page, CALC, line);
    await page.keyboard.press('Shift+Home');
    await clickMakeAnnotation(page);
    await expect(form).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 40_000 });
}

/** Opens the review and waits for the first painted line. */
async function open(page: Page, running: RunningRedline): Promise<string[]> {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await openReview(page, running);
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();
  return requests;
}

/** One file of the diff (its CodeView item). */
const fileDiff = (page: Page, path: string) => page.locator('diffs-container').filter({ has: page.locator('[data-title]', { hasText: path }) });
/** The new side's text of a line as the diff shows it (outside edit mode). */
const diffLine = (page: Page, path: string, line: number) => fileDiff(page, path).locator(`code[data-additions] [data-line="${line}"]`).first();
const card = (page: Page, name: string | RegExp) => page.getByRole('article', { name });

async function sendFeedback(page: Page, running: RunningRedline): Promise<string> {
  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  const preview = dialog.getByTestId('feedback-preview');
  await expect(preview).not.toBeEmpty();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();
  expect(await running.exited).toBe(0);
  return running.stdout();
}

/** A repository with `base` committed and `change` left in the working tree (removed after the test). */
function repoWith(base: Record<string, string>, change: Record<string, string>): string {
  const dir = createRepoWith(base, change);
  extraDirs.push(dir);
  return dir;
}

/** The fixture reviewed, CALC's line 2 edited in a session (the editor keeps the focus); the fixture's added file, to edit next. */
async function typedInCalc(page: Page): Promise<string> {
  fixture = createFixtureRepo();
  await open(page, await startOn(fixture.dir));
  await startEditing(page, CALC);
  await caretTo(page, CALC, 2);
  await page.keyboard.type(' // sign?');
  return fixture.files.added;
}

// ---------- tests ----------

test('with the setting off: no Edit button and no editor code fetched; turned on in Settings, the editor is a sidecar file fetched on the first Edit click', async ({ page }) => {
  fixture = createFixtureRepo();
  const running = await startOn(fixture.dir, { flag: false });
  const requests = await open(page, running);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.locator('.edit-button, .edit-hud, .edit-floating-composer')).toHaveCount(0);
  expect(requests.filter((url) => EDITOR_CHUNK.test(url) || FEATURE_CHUNK.test(url) || /deriveHunksWorker/.test(url))).toEqual([]);

  // Settings > Editor: the first item, off, marked experimental.
  await page.getByRole('button', { name: /Settings/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Editor' }).click();
  const toggle = dialog.getByRole('checkbox').first();
  await expect(toggle).toHaveAccessibleName(/^Edit Code to Suggest Experimental/);
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await page.keyboard.press('Escape');
  await expect(editButton(page, CALC)).toBeVisible();
  await page.waitForLoadState('networkidle');
  // On: the feature's chunk came (the Edit buttons are its); nothing clicked yet, so still no editor code.
  expect(requests.filter((url) => FEATURE_CHUNK.test(url))).toHaveLength(1);
  expect(requests.filter((url) => EDITOR_CHUNK.test(url))).toEqual([]);

  const responses: { url: string; status: number }[] = [];
  page.on('response', (response) => {
    if (EDITOR_CHUNK.test(response.url())) responses.push({ url: response.url(), status: response.status() });
  });
  await startEditing(page, CALC);
  // The chunks came from assets/ beside index.html (not inlined into it), and loaded.
  expect(responses.map((r) => r.url.replace(/^.*\/assets\//, '').replace(/-[A-Za-z0-9_-]+\.js$/, '')).sort()).toEqual(['edit', 'pierreEditAdapter']);
  expect(responses.every((r) => r.status === 200)).toBe(true);

  // The setting is in the reviewer's preferences file: still on after a reload.
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(hud(page, CALC)).toHaveCount(0);
  await expect.poll(() => running.preferences().settings.editSuggestions).toBe(true);
  await page.reload();
  await expect(editButton(page, CALC)).toBeVisible();
});

test('edit a file, type real keys, Suggest: the suggestion has the right code, the diff is pristine, and the export carries Replaces and Suggested code', async ({ page }) => {
  fixture = createFixtureRepo();
  const running = await startOn(fixture.dir);
  await open(page, running);
  const current = page.locator('[aria-current="location"]');
  const currentBefore = await current.textContent();

  await startEditing(page, CALC);
  await expect(hud(page, CALC)).toContainText('Experimental');
  await expect(hud(page, CALC)).toContainText('No changes yet');
  await caretTo(page, CALC, 6);
  // Page shortcuts (j k n p v c / ?) must not fire for keys typed in the editor.
  const typed = ' // j k v c ? n p';
  await page.keyboard.type(typed);
  await expect(editor(page, CALC).locator('[data-line="6"]')).toHaveText(`  return Math.floor(n / 2);${typed}`);
  await expect(hud(page, CALC)).toContainText('1 change');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveCount(0);
  await expect(header(page, CALC).getByRole('checkbox', { name: 'Viewed' })).not.toBeChecked();
  await expect(current).toHaveText(currentBefore ?? '');

  // The HUD's height does not move while the count changes.
  const heightBefore = (await hud(page, CALC).boundingBox())!.height;
  await page.keyboard.type(' x');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  expect((await hud(page, CALC).boundingBox())!.height).toBe(heightBefore);

  await hud(page, CALC).getByRole('button', { name: 'Suggest' }).click();
  await expect(hud(page, CALC)).toHaveCount(0);
  await expect(fileDiff(page, CALC).locator('[contenteditable="true"]')).toHaveCount(0);
  // No text field left behind for assistive technology either.
  await expect(editor(page, CALC)).toHaveCount(0);
  const suggestion = card(page, 'Suggestion, Line 6 (new)');
  await expect(suggestion).toBeVisible();
  await expect(suggestion).toContainText('  return Math.floor(n / 2);');
  await expect(suggestion).toContainText(`  return Math.floor(n / 2);${typed}`);
  // Pristine: the diff shows the file as it is, the edited text lives only in the suggestion.
  await expect(diffLine(page, CALC, 6)).toHaveText('  return Math.floor(n / 2);');
  await expect(fileDiff(page, CALC).locator('code[data-additions]')).not.toContainText('// j k');
  await expect(page.getByRole('button', { name: /^Send Feedback/ })).toContainText('1');

  const out = await sendFeedback(page, running);
  const section = out.slice(out.indexOf('### Line 6 (new)'));
  expect(section).toMatch(/^### Line 6 \(new\)\n\nSuggestion `[0-9a-f]{12}` · revision `[0-9a-f]{64}`\n/);
  expect(section).toContain('**Replaces:** (1 line)\n```ts\n  return Math.floor(n / 2);\n```');
  expect(section).toContain(`**Suggested code:** (1 line)\n\`\`\`ts\n  return Math.floor(n / 2);${typed}\n\`\`\``);
});

test('Edit on a second file while the first has changes adds it to the session: both keep their editors, the HUD lists both, Suggest ends both', async ({ page }) => {
  const other = await typedInCalc(page);
  await startEditing(page, other);
  // No question: the first file is still being edited, with its text.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(hud(page, CALC)).toBeVisible();
  await expect(editor(page, CALC).locator('[data-line="2"]')).toHaveText('  return a - b; // sign?');
  await expect(page.getByRole('article')).toHaveCount(0);
  // Each strip lists the session's files with their counts.
  const files = hud(page, other).getByRole('list', { name: 'Files in this edit session' }).getByRole('button');
  await expect(files).toHaveText(['calc.ts · 1', `${other.replace(/^.*\//, '')} · 0`]);

  await hud(page, other).getByRole('button', { name: 'Suggest (2 files)' }).click();
  await expect(hud(page, other)).toHaveCount(0);
  await expect(hud(page, CALC)).toHaveCount(0);
  await expect(card(page, 'Suggestion, Line 2 (new)')).toContainText('  return a - b; // sign?');
  await expect(diffLine(page, CALC, 2)).toHaveText('  return a - b;');
});

test('the caret is solid while typing and blinks once it stays put: no animation runs between keys (the patch of @pierre/diffs)', async ({ page }) => {
  fixture = createFixtureRepo();
  const running = await startOn(fixture.dir);
  await open(page, running);
  await startEditing(page, CALC);
  await caretTo(page, CALC, 6);
  const caretAnimations = () => caretAnimationsOf(page, CALC);
  for (const key of 'abc') {
    await page.keyboard.type(key);
    expect(await caretAnimations(), `right after typing "${key}"`).toEqual([]);
  }
  await expect(editor(page, CALC).locator('[data-line="6"]')).toHaveText('  return Math.floor(n / 2);abc');
  // Left alone, it blinks (after 800 ms), as before.
  await expect.poll(caretAnimations, { timeout: 5_000 }).toEqual(['blinking running']);
  await page.keyboard.press('ArrowLeft');
  expect(await caretAnimations(), 'right after a caret move').toEqual([]);
  // With reduced motion it never blinks.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.keyboard.type('d');
  await page.waitForTimeout(1_500);
  expect(await caretAnimations()).toEqual([]);
});

test('in a two-file session only the focused file\'s caret blinks: the other file\'s hidden caret runs no animation while the reviewer types', async ({ page }) => {
  const other = await typedInCalc(page);
  // Left alone, its caret blinks.
  await expect.poll(() => caretAnimationsOf(page, CALC), { timeout: 5_000 }).toEqual(['blinking running']);
  await startEditing(page, other);
  await caretTo(page, other, 1);
  await page.keyboard.type('x');
  // The file typed in blinks once its caret stays put; the other file's caret is hidden and still.
  await expect.poll(() => caretAnimationsOf(page, other), { timeout: 5_000 }).toEqual(['blinking running']);
  expect(await caretAnimationsOf(page, CALC), 'the caret of the file not focused').toEqual([]);
  // Back in the first file, the roles swap.
  await caretTo(page, CALC, 2);
  await expect.poll(() => caretAnimationsOf(page, CALC), { timeout: 5_000 }).toEqual(['blinking running']);
  expect(await caretAnimationsOf(page, other), 'the caret of the file not focused').toEqual([]);
});

test('Discard: no annotation, the diff as it was, and the next session starts from the file, not the discarded draft', async ({ page }) => {
  fixture = createFixtureRepo();
  const running = await startOn(fixture.dir);
  await open(page, running);
  await startEditing(page, CALC);
  await caretTo(page, CALC, 2);
  await page.keyboard.type(' // throw me away');
  await expect(hud(page, CALC)).toContainText('1 change');
  await hud(page, CALC).getByRole('button', { name: 'Discard' }).click();
  await expect(hud(page, CALC)).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(diffLine(page, CALC, 2)).toHaveText('  return a - b;');

  await startEditing(page, CALC);
  await expect(editor(page, CALC).locator('[data-line="2"]')).toHaveText('  return a - b;');
  await expect(hud(page, CALC)).toContainText('No changes yet');
  await hud(page, CALC).getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('article')).toHaveCount(0);
});

test('a 7,500-line file hydrates, edits, completes and restores', async ({ page }) => {
  const path = 'src/big.ts';
  const lines = Array.from({ length: 7500 }, (_, i) => `export const value${i + 1} = ${i + 1};`);
  const changed = [...lines];
  changed[99] = 'export const value100 = 100 * 2;';
  changed[7399] = 'export const value7400 = 7400 * 2;';
  const dir = repoWith({ [path]: lines.join('\n') + '\n' }, { [path]: changed.join('\n') + '\n' });
  const running = await startOn(dir);
  await open(page, running);

  const clicked = Date.now();
  await startEditing(page, path, { timeout: 30_000 });
  const hydrateMs = Date.now() - clicked;
  await caretTo(page, path, 7400);
  await page.keyboard.type(' + 1');
  await expect(editor(page, path).locator('[data-line="7400"]')).toHaveText('export const value7400 = 7400 * 2; + 1');
  await hud(page, path).getByRole('button', { name: 'Suggest' }).click();
  const suggestion = card(page, 'Suggestion, Line 7400 (new)');
  await expect(suggestion).toContainText('export const value7400 = 7400 * 2; + 1');
  await expect(hud(page, path)).toHaveCount(0);
  await expect(diffLine(page, path, 7400)).toHaveText('export const value7400 = 7400 * 2;');
  // Generous: the point is that it completes, on a 2-core machine (about 4 s there).
  expect(hydrateMs).toBeLessThan(30_000);
  test.info().annotations.push({ type: 'hydrate-ms', description: String(hydrateMs) });
});

test('Make annotation on a selection below an in-session insertion anchors to the pre-edit line; a selection of inserted lines is approximate', async ({ page }) => {
  fixture = createFixtureRepo();
  const running = await startOn(fixture.dir);
  await open(page, running);
  await startEditing(page, CALC);

  // Two lines inserted at the top: pre-edit line 6 is now line 8.
  await caretTo(page, CALC, 1, 'start');
  await page.keyboard.type('// one');
  await page.keyboard.press('Enter');
  await page.keyboard.type('// two');
  await page.keyboard.press('Enter');
  await expect(editor(page, CALC).locator('[data-line="8"]')).toHaveText('  return Math.floor(n / 2);');

  // Select line 8 from the keyboard (the selection action opens for user selections).
  const form = page.getByRole('form', { name: 'Comment on Line 6 (new)' });
  await annotateSelection(page, 8, form);
  await form.getByRole('textbox').fill('Why floor here?');
  await form.getByRole('button', { name: 'Add comment' }).click();
  await expect(form).toHaveCount(0);

  // A selection made only of inserted lines: anchored next to them, approximate.
  const approximate = page.getByRole('form', { name: 'Comment on Line 1 (new)' });
  await annotateSelection(page, 1, approximate);
  await approximate.getByRole('textbox').fill('What are these?');
  await approximate.getByRole('button', { name: 'Add comment' }).click();
  await expect(approximate).toHaveCount(0);

  // The session goes on; the comments are in the sidebar and, after it, inline at the pre-edit lines.
  await expect(hud(page, CALC)).toBeVisible();
  await hud(page, CALC).getByRole('button', { name: 'Discard' }).click();
  await expect(card(page, 'Comment, Line 6 (new)')).toContainText('Why floor here?');
  await expect(card(page, 'Comment, Line 1 (new)')).toContainText('Approximate');

  const out = await sendFeedback(page, running);
  const exact = out.slice(out.indexOf('### Line 6 (new)'));
  // The line comment quotes its line, then the text the selection highlighted.
  expect(exact).toMatch(/^### Line 6 \(new\)\n\n> Why floor here\?\n\n\*\*Quoted lines:\*\* \(1 line\) · new side of `src\/calc\.ts`\n```ts\n {0,2}return Math\.floor\(n \/ 2\);\n```\n\n\*\*Highlighted text:\*\* \(1 line\)\n```ts\n {0,2}return Math\.floor\(n \/ 2\);\n```/);
  const near = out.slice(out.indexOf('### Line 1 (new)'));
  expect(near).toMatch(/approximate/i);
  expect(near).toContain('// one');
});

test('a refresh mid-session recovers the typed text and asks whether to keep it as suggestions', async ({ page }) => {
  fixture = createFixtureRepo();
  const running = await startOn(fixture.dir);
  await open(page, running);
  await startEditing(page, CALC);
  await caretTo(page, CALC, 2);
  await page.keyboard.type(' // keep me');
  await expect(hud(page, CALC)).toContainText('1 change');

  // Another file changes on disk; the reviewer refreshes the diff.
  writeFileSync(join(fixture.dir, 'README.md'), '# fixture, changed\n');
  await page.getByRole('button', { name: 'Refresh' }).click();
  const prompt = page.getByRole('dialog', { name: 'Keep your edits?' });
  await expect(prompt).toContainText(`editing ${CALC}`);
  await prompt.getByRole('button', { name: 'Keep as suggestion' }).click();
  await expect(card(page, 'Suggestion, Line 2 (new)')).toContainText('  return a - b; // keep me');
  await expect(hud(page, CALC)).toHaveCount(0);
});

test('during a session: existing comments keep rendering and follow their line; collapse, a layout change and a reload attempt keep the text', async ({ page }) => {
  fixture = createFixtureRepo();
  const running = await startOn(fixture.dir);
  await open(page, running);
  // A comment on line 6 before editing.
  await fileDiff(page, CALC).locator('code[data-additions] [data-column-number="6"]').first().click();
  await page.keyboard.press('c');
  await page.getByRole('textbox', { name: /^Comment/ }).fill('Floor or round?');
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expect(card(page, 'Comment, Line 6 (new)')).toBeVisible();

  await startEditing(page, CALC);
  await expect(card(page, 'Comment, Line 6 (new)')).toBeVisible();
  await caretTo(page, CALC, 1, 'start');
  await page.keyboard.type('// new first line');
  await page.keyboard.press('Enter');
  await expect(hud(page, CALC)).toContainText('1 change');
  // Still shown, now under the edited line 7 (the same code).
  await expect(card(page, 'Comment, Line 6 (new)')).toBeVisible();
  const cardTop = (await card(page, 'Comment, Line 6 (new)').boundingBox())!.y;
  const line7 = (await editor(page, CALC).locator('[data-line="7"]').boundingBox())!;
  expect(cardTop).toBeGreaterThanOrEqual(line7.y + line7.height - 1);

  // Collapse and expand: the session is suspended, not lost.
  await page.getByRole('button', { name: `Collapse ${CALC}` }).click();
  await expect(editor(page, CALC)).toHaveCount(0);
  await page.getByRole('button', { name: `Expand ${CALC}` }).click();
  await expect(editor(page, CALC).locator('[data-line="1"]')).toHaveText('// new first line');
  // Split to unified: the same.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('radio', { name: 'Unified' }).check();
  await page.keyboard.press('Escape');
  await expect(editor(page, CALC).locator('[data-line="1"]').first()).toHaveText('// new first line');
  // Leaving the page asks first (the edits are not suggestions yet).
  let asked = false;
  page.once('dialog', (dialog) => {
    asked = dialog.type() === 'beforeunload';
    void dialog.dismiss();
  });
  await page.reload({ timeout: 3000 }).catch(() => undefined);
  expect(asked).toBe(true);
  await expect(hud(page, CALC)).toContainText('1 change');

  await hud(page, CALC).getByRole('button', { name: 'Suggest' }).click();
  await expect(card(page, 'Suggestion, Line 1 (new)')).toContainText('// new first line');
});

test('the apply loop: review, edit in place, Send Feedback, `redline apply`: the file is byte for byte what was typed', async ({ page }) => {
  fixture = createFixtureRepo();
  const running = await startOn(fixture.dir);
  await open(page, running);
  await startEditing(page, CALC);
  // Fix the bug on line 2, and add a line after line 6.
  await caretTo(page, CALC, 2);
  for (let i = 0; i < '- b;'.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('+ b;');
  await caretTo(page, CALC, 6);
  await page.keyboard.press('Enter');
  await page.keyboard.type('// rounds down');
  // The editor may auto-indent after Enter: what the reviewer typed is what the editor shows.
  const typedLine = (await editor(page, CALC).locator('[data-line="7"]').textContent()) ?? '';
  expect(typedLine.trim()).toBe('// rounds down');
  await hud(page, CALC).getByRole('button', { name: 'Suggest' }).click();
  await expect(page.getByRole('article')).toHaveCount(2);

  const out = await sendFeedback(page, running);
  const exportFile = join(fixture.dir, '..', `redline-export-${Date.now()}.md`);
  extraDirs.push(exportFile);
  writeFileSync(exportFile, out);
  const applied = spawnSync(process.execPath, [BIN, 'apply', exportFile], { cwd: fixture.dir, encoding: 'utf8' });
  expect(applied.stderr + applied.stdout).not.toMatch(/refused|conflict|outdated/i);
  expect(applied.status).toBe(0);
  const expected = CALC_NEW.replace('  return a - b;', '  return a + b;').replace('  return Math.floor(n / 2);\n', `  return Math.floor(n / 2);\n${typedLine}\n`);
  expect(readFileSync(join(fixture.dir, CALC), 'utf8')).toBe(expected);
});

test('accessibility while editing: the Edit buttons, the HUD (of one file and of two), the floating comment form and the setting have no serious or critical axe violation', async ({ browser }) => {
  fixture = createFixtureRepo();
  const running = await startOn(fixture.dir);
  // axe is injected as an inline script, which the page's CSP (rightly) forbids.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  const scan = async (what: string) => {
    await page.mouse.move(1, 1);
    if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
      const result = await axe.run(document);
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
    });
    expect(violations, what).toEqual([]);
  };
  try {
    await open(page, running);
    await scan('Edit buttons (one disabled)');
    await startEditing(page, CALC);
    await caretTo(page, CALC, 6);
    await page.keyboard.type(' // x');
    await expect(hud(page, CALC)).toContainText('1 change');
    await scan('the HUD during a session');
    await page.keyboard.press('Shift+Home');
    await clickMakeAnnotation(page);
    await expect(page.getByRole('form', { name: /^Comment on Line 6/ })).toBeVisible();
    await scan('the floating comment form');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await startEditing(page, fixture.files.added);
    await scan('the HUD of a session of two files');
    await hud(page, CALC).getByRole('button', { name: 'Discard (2 files)' }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('tab', { name: 'Editor' }).click();
    await scan('Settings > Editor');
  } finally {
    await context.close();
  }
});

test('on a large file with long lines the HUD keeps Discard and Suggest whole at 1400 px, beside its Plain text chip', async ({ page }) => {
  // Past 10,000 lines the file is edited as plain text and the strip gains a chip; in a split
  // view at 1400 px the new side's column is about 470 px, and before, Suggest was cut off there.
  const path = 'src/wide.ts';
  const lines = Array.from({ length: 12_000 }, (_, i) => `export const value${i + 1} = compute(${i + 1}, 'an argument long enough to run past the column', { strict: true });`);
  const changed = [...lines];
  changed[9] = changed[9]!.replace('strict: true', 'strict: false');
  const dir = repoWith({ [path]: lines.join('\n') + '\n' }, { [path]: changed.join('\n') + '\n' });
  const running = await startOn(dir);
  await page.setViewportSize({ width: 1400, height: 900 });
  await open(page, running);
  await startEditing(page, path, { timeout: 30_000 });
  const strip = hud(page, path);
  await expect(strip).toContainText('Plain text');
  const stripBox = (await strip.boundingBox())!;
  for (const name of ['Discard', 'Suggest']) {
    const box = (await strip.getByRole('button', { name }).boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(stripBox.x);
    expect(box.x + box.width, name).toBeLessThanOrEqual(stripBox.x + stripBox.width + 0.5);
    expect(box.x + box.width, name).toBeLessThanOrEqual(1400);
  }
  // And the words are there, not only icons.
  expect((await strip.getByRole('button', { name: 'Suggest' }).boundingBox())!.width).toBeGreaterThan(50);
});

test('past 10,000 lines the HUD count waits for a pause in typing (each count copies the text to its worker), then counts', async ({ page }) => {
  const path = 'src/long.ts';
  const lines = Array.from({ length: 12_000 }, (_, i) => `export const value${i + 1} = ${i + 1};`);
  const changed = [...lines];
  changed[9] = 'export const value10 = 10 * 2;';
  const dir = repoWith({ [path]: lines.join('\n') + '\n' }, { [path]: changed.join('\n') + '\n' });
  const running = await startOn(dir);
  await open(page, running);
  await startEditing(page, path, { timeout: 30_000 });
  await caretTo(page, path, 10);
  const count = hud(page, path).getByRole('status');
  await expect(count).toHaveText('No changes yet');
  // Every change of the count and every key, timed on the page's clock.
  type Probe = { seen: { at: number; text: string }[]; keys: number[] };
  await count.evaluate((element) => {
    const probe: Probe = { seen: [], keys: [] };
    (window as unknown as { countProbe: Probe }).countProbe = probe;
    window.addEventListener('keydown', () => probe.keys.push(performance.now()), true);
    new MutationObserver(() => probe.seen.push({ at: performance.now(), text: element.textContent ?? '' })).observe(element, { childList: true, characterData: true, subtree: true });
  });
  // 1.9 s of sustained typing: on a smaller file the count moves every 800 ms meanwhile.
  await page.keyboard.type(' + 1'.repeat(8), { delay: 60 });
  await expect(count).toHaveText('1 change');
  const { seen, keys } = await page.evaluate(() => (window as unknown as { countProbe: Probe }).countProbe);
  expect(keys).toHaveLength(32);
  expect(keys.at(-1)! - keys[0]!).toBeGreaterThan(1500);
  // Nothing moved until the last key; then the count, once.
  expect(seen.filter((s) => s.at <= keys.at(-1)!).map((s) => s.text)).toEqual([]);
  expect(seen.map((s) => s.text)).toEqual(['1 change']);
});

test('at narrow widths the Edit button and the HUD actions are icons, with their names kept', async ({ page }) => {
  fixture = createFixtureRepo();
  const running = await startOn(fixture.dir);
  await page.setViewportSize({ width: 900, height: 800 });
  await open(page, running);
  const edit = editButton(page, CALC);
  await expect(edit).toBeVisible();
  expect((await edit.boundingBox())!.width).toBeLessThanOrEqual(30);
  await startEditing(page, CALC);
  const hudBox = (await hud(page, CALC).boundingBox())!;
  const suggest = hud(page, CALC).getByRole('button', { name: 'Suggest' });
  const discard = hud(page, CALC).getByRole('button', { name: 'Discard' });
  expect((await suggest.boundingBox())!.width).toBeLessThanOrEqual(30);
  expect((await discard.boundingBox())!.width).toBeLessThanOrEqual(30);
  // Wide again: labelled, and the strip keeps its height.
  await page.setViewportSize({ width: 1400, height: 800 });
  await expect.poll(async () => (await suggest.boundingBox())!.width).toBeGreaterThan(50);
  expect((await hud(page, CALC).boundingBox())!.height).toBe(hudBox.height);
});
