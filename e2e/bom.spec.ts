/**
 * Line 1 of a file with a byte order mark is a normal
 * line. A suggestion made on it in the page carries the file's revision and
 * no BOM in its code, the export says so, and `redline apply` applies it,
 * keeping the BOM. Before, the page compared the diff's first line (BOM
 * included) with the file's, exported the suggestion with "revision
 * unknown", and apply refused it, writing nothing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { openReview, sendFeedback, startRedline, type RunningRedline } from './support/redline';

const BIN = fileURLToPath(new URL('../apps/cli/bin/redline.js', import.meta.url));
const ENV = { ...process.env, GIT_AUTHOR_NAME: 'R', GIT_AUTHOR_EMAIL: 'r@r.invalid', GIT_COMMITTER_NAME: 'R', GIT_COMMITTER_EMAIL: 'r@r.invalid' };

let dir: string;
let redline: RunningRedline | null = null;

test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'redline-e2e-bom-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: ENV });
  git('init', '-q', '--initial-branch=main');
  writeFileSync(join(dir, 'bom.js'), '\uFEFFconst a = 1;\r\nconst b = 2;\r\n');
  git('add', '.');
  git('commit', '-qm', 'base');
  writeFileSync(join(dir, 'bom.js'), '\uFEFFconst a = 10;\r\nconst b = 2;\r\n');
});

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  rmSync(dir, { recursive: true, force: true });
});

test('a suggestion on line 1 of a BOM file carries the revision, and redline apply applies it, BOM and CRLF kept', async ({ page }) => {
  redline = await startRedline({ cwd: dir });
  await openReview(page, redline);
  const lineOne = page.locator('diffs-container code[data-additions] [data-column-number="1"]').first();
  await expect(lineOne).toBeVisible();
  await lineOne.click();
  await page.keyboard.press('c');
  await page.getByRole('button', { name: 'Suggest change' }).click();
  const code = page.getByRole('textbox', { name: 'Suggested code' });
  await expect(code).toHaveValue('const a = 10;');
  await code.fill('const a = 100;');
  await page.getByRole('button', { name: 'Add suggestion' }).click();

  expect(await sendFeedback(page, redline)).toBe(0);
  const exported = redline.stdout();
  expect(exported).not.toContain('revision unknown');
  expect(exported).not.toContain('\uFEFF');
  expect(exported).toContain('const a = 10;');

  const review = join(dir, '..', `${dir.split('/').pop()}-review.md`);
  writeFileSync(review, exported);
  try {
    const applied = spawnSync(process.execPath, [BIN, 'apply', review], { cwd: dir, encoding: 'utf8' });
    expect(applied.status, applied.stderr).toBe(0);
    expect(readFileSync(join(dir, 'bom.js'), 'utf8')).toBe('\uFEFFconst a = 100;\r\nconst b = 2;\r\n');
  } finally {
    rmSync(review, { force: true });
  }
});
