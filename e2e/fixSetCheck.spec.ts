/**
 * Fix sets end to end (issue "Fix sets and checked suggestions"), in
 * Debian's Chromium against the real CLI and server, on a real repository
 * whose own check (`node check.mjs`, which imports both files) fails with
 * only one of two edits and passes with both:
 *
 * the definition renamed in one file and its call site in another, in ONE
 * edit session (Edit on the second file adds it) → Suggest → one fix set
 * (the sidebar's one item, each member "Part of set · n of 2") → Check (the
 * page's button: the project's own command passes with the set in) → Send →
 * `redline apply --check` shows one set → `redline apply` applies it whole
 * (the check passes on the result); and with one member's original changed
 * on disk, `redline apply` refuses the set and writes nothing.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { REDLINE_BIN } from './support/agentCli';
import { caretTo, hud, startEditing } from './support/editSession';
import { openReview, startRedline, type RunningRedline } from './support/redline';
import { repoWith } from './support/repoWith';

const MATH = 'src/math.mjs';
const USE = 'src/use.mjs';
const BASE = {
  [MATH]: 'export function calc(a, b) {\n  return a + b;\n}\n',
  [USE]: "import { calc } from './math.mjs';\n\nexport const total = calc(1, 2);\n",
  'check.mjs': "import { compute } from './src/math.mjs';\nimport { total } from './src/use.mjs';\n\nif (compute(2, 2) !== 4 || total !== 3) process.exit(1);\nconsole.log('check passed');\n",
  'package.json': JSON.stringify({ name: 'fixset-check', private: true, redline: { check: 'node check.mjs' } }, null, 2) + '\n',
};
/** The agent's change under review: a comment at the top of each file. */
const CHANGE = {
  [MATH]: `// Adds two numbers.\n${BASE[MATH]}`,
  [USE]: `// The total of the example.\n${BASE[USE]}`,
};
/** What the reviewer's two edits make of them. */
const RENAMED = {
  [MATH]: CHANGE[MATH].replace('function calc(', 'function compute('),
  [USE]: CHANGE[USE].replace("import { calc } from './math.mjs';", "import { compute } from './math.mjs';").replace('= calc(1, 2)', '= compute(1, 2)'),
};

const dirs: string[] = [];
let redline: RunningRedline | null = null;

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const redlineCli = (dir: string, ...args: string[]) => spawnSync(process.execPath, [REDLINE_BIN, ...args], { cwd: dir, encoding: 'utf8' });
const check = (dir: string) => spawnSync(process.execPath, ['check.mjs'], { cwd: dir, encoding: 'utf8' });

/** A copy of the repository's files (not its .git) with `files` written over it: what the check says of them. */
function checkWith(dir: string, files: Record<string, string>): number | null {
  const copy = mkdtempSync(join(tmpdir(), 'redline-fixset-copy-'));
  dirs.push(copy);
  cpSync(dir, copy, { recursive: true, filter: (source) => !source.includes('/.git') });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(copy, path), text);
  return check(copy).status;
}

/** Replaces the text of line `line` (the caret at its end, the line's text deleted, `text` typed). */
async function retype(page: Page, path: string, line: number, from: string, to: string): Promise<void> {
  await caretTo(page, path, line);
  for (let i = 0; i < from.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type(to);
}

test('a rename across two files in one edit session becomes ONE fix set; sent, `redline apply` applies it whole, and refuses it whole when a member\'s original changed on disk', async ({ page }) => {
  const dir = repoWith(BASE, CHANGE);
  dirs.push(dir);
  // The project's check is real: it fails with only one of the two edits, and passes with both.
  expect(check(dir).status).not.toBe(0);
  expect(checkWith(dir, { [MATH]: RENAMED[MATH] })).not.toBe(0);
  expect(checkWith(dir, { [USE]: RENAMED[USE] })).not.toBe(0);
  expect(checkWith(dir, RENAMED)).toBe(0);

  redline = await startRedline({ cwd: dir, preferences: { settings: { editSuggestions: true } } });
  await openReview(page, redline);
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();

  // One session, two files: the definition, then the call site (Edit on the second file adds it).
  await startEditing(page, MATH);
  await retype(page, MATH, 2, 'export function calc(a, b) {', 'export function compute(a, b) {');
  await startEditing(page, USE);
  await retype(page, USE, 2, "import { calc } from './math.mjs';", "import { compute } from './math.mjs';");
  await retype(page, USE, 4, 'export const total = calc(1, 2);', 'export const total = compute(1, 2);');
  const files = hud(page, USE).getByRole('list', { name: 'Files in this edit session' }).getByRole('button');
  await expect(files).toHaveText(['math.mjs · 1', 'use.mjs · 2']);

  await hud(page, USE).getByRole('button', { name: 'Suggest (2 files)' }).click();
  await expect(hud(page, MATH)).toHaveCount(0);
  await expect(hud(page, USE)).toHaveCount(0);
  // One set: ONE item in the sidebar, each member marked under its lines.
  await page.getByRole('tab', { name: /Comments/ }).click();
  const sets = page.getByRole('region', { name: 'Fix sets' });
  await expect(sets.getByRole('listitem')).toHaveCount(1);
  await expect(sets.getByRole('button', { name: /^Fix set 3 suggestions in 2 files/ })).toBeVisible();
  await expect(sets.getByRole('textbox')).toHaveValue('Changes in 2 files');
  await expect(page.getByText(/^Part of set · [123] of 3$/)).toHaveCount(3);

  // Check: the project's own command on a scratch copy with the whole set in (it fails with either edit
  // alone: shown above on copies of the repository), before Send.
  await page.getByRole('button', { name: /^Check/ }).click();
  const panel = page.getByRole('dialog', { name: 'Check before sending' });
  await expect(panel.getByRole('status')).toContainText(/^Passed: `node check\.mjs` passed in [\d.]+ s/, { timeout: 30_000 });
  await panel.getByRole('button', { name: 'Close the check panel' }).click();

  // Send; the export carries the set.
  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(dialog.getByTestId('feedback-preview')).toContainText('Changes in 2 files');
  await expect(dialog.getByTestId('feedback-preview')).toContainText(/checked: `node check\.mjs` passed in [\d.]+ s/);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();
  expect(await redline.exited).toBe(0);
  const exportFile = join(mkdtempSync(join(tmpdir(), 'redline-fixset-export-')), 'feedback.md');
  dirs.push(join(exportFile, '..'));
  writeFileSync(exportFile, redline.stdout());

  // --check: ONE set of three, applied whole, with its whole diff (both files); nothing written.
  const planned = redlineCli(dir, 'apply', '--check', '--json', exportFile);
  expect(planned.status, planned.stderr).toBe(0);
  const plan = JSON.parse(planned.stdout) as { fixSets: { id: string; description: string; status: string; members: string[]; diff: string }[] };
  expect(plan.fixSets).toHaveLength(1);
  const [set] = plan.fixSets;
  expect(set).toMatchObject({ description: 'Changes in 2 files', status: 'applied' });
  expect(set!.members).toHaveLength(3);
  for (const member of ['function compute(a, b)', "import { compute } from './math.mjs';", 'export const total = compute(1, 2);']) expect(set!.diff).toContain(member);
  expect(readFileSync(join(dir, MATH), 'utf8')).toBe(CHANGE[MATH]);

  // One member's original changed on disk: the whole set is refused, and no file is written.
  const changed = CHANGE[USE].replace('// The total of the example.', '// The total of the example, changed.').replace('= calc(1, 2)', '= calc(1, 2) ');
  writeFileSync(join(dir, USE), changed);
  const refused = redlineCli(dir, 'apply', exportFile);
  expect(refused.status).not.toBe(0);
  expect(refused.stdout + refused.stderr).toContain(`fix set ${set!.id}`);
  expect(refused.stdout + refused.stderr).toMatch(/refused whole: nothing of it is written/);
  expect(readFileSync(join(dir, MATH), 'utf8')).toBe(CHANGE[MATH]);
  expect(readFileSync(join(dir, USE), 'utf8')).toBe(changed);

  // Back as reviewed: applied whole, and the project's check passes on the result.
  writeFileSync(join(dir, USE), CHANGE[USE]);
  const applied = redlineCli(dir, 'apply', exportFile);
  expect(applied.status, applied.stdout + applied.stderr).toBe(0);
  expect(readFileSync(join(dir, MATH), 'utf8')).toBe(RENAMED[MATH]);
  expect(readFileSync(join(dir, USE), 'utf8')).toBe(RENAMED[USE]);
  expect(check(dir).status).toBe(0);
});
