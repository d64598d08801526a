/**
 * Pairing a deleted and an added file by hand, in Chromium on a real
 * repository: `src/a.js` ported to `src/a.ts` below git's 50% rename
 * threshold shows as a deletion and an addition; "Compare with an added
 * file…" on the deleted file's header, choosing `src/a.ts`, shows them as
 * one renamed file with its diff ("Paired by you"); "Unpair" gives both back;
 * paired again, a comment on it and Send: the export names the pair.
 * Screenshots (SCREENSHOTS=1): docs/screenshots/manual-pair-*.png.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openReview, startRedline, type RunningRedline } from './support/redline';
import { repoWith } from './support/repoWith';
import { commentOnLine, fileDiff } from './support/reviewPage';
import { screenshotAtBothSizes } from './support/screenshots';

let redline: RunningRedline | null = null;
let dir = '';

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  rmSync(dir, { recursive: true, force: true });
});

const JS = 'var a = 1;\nvar b = 2;\nfunction sum() {\n  return a + b;\n}\nmodule.exports = sum;\n';
const TS = 'const a: number = 1;\nconst b: number = 2;\nexport function sum(): number {\n  return a + b;\n}\n';

/** a.js committed, then deleted, with a.ts (and another .ts) added untracked in its place: a port below git's rename threshold. */
function portedRepo(): string {
  const root = repoWith({ 'src/a.js': JS, 'README.md': 'A sum.\n' }, { 'src/a.ts': TS, 'src/other.ts': 'export const other = 1;\n' });
  rmSync(join(root, 'src/a.js'));
  return root;
}

const treeFiles = (page: Page) => page.getByRole('navigation', { name: 'Changed files' }).locator('.tree-file');

async function pair(page: Page): Promise<void> {
  const compare = page.getByRole('combobox', { name: 'Compare src/a.js with an added file' });
  // Ranked when the reviewer goes to it (PairControl.tsx); the likeliest first: the same name, then the same folder.
  await compare.focus();
  await expect(compare.locator('option')).toHaveText(['Compare with an added file…', 'src/a.ts', 'src/other.ts']);
  await compare.selectOption('src/a.ts');
  await expect(treeFiles(page)).toHaveCount(2);
}

test('a deleted .js paired by hand with an added .ts reads as one renamed file with its diff, unpairs, and the export names the pair', async ({ page }) => {
  dir = portedRepo();
  redline = await startRedline({ cwd: dir });
  await openReview(page, redline);
  await expect(treeFiles(page)).toHaveCount(3); // git leaves them apart: a.js deleted, a.ts added
  await expect(page.getByRole('combobox', { name: 'Compare src/a.js with an added file' })).toBeVisible();
  await screenshotAtBothSizes(page, 'manual-pair-menu');

  await pair(page);
  const file = fileDiff(page, 'src/a.ts');
  await expect(treeFiles(page).filter({ hasText: 'a.ts' })).toHaveAttribute('aria-label', /^src\/a\.ts, renamed/);
  await expect(file).toContainText('src/a.js');
  await expect(file).toContainText('Paired by you');
  await expect(file).toContainText('var a = 1;');
  await expect(file).toContainText('const a: number = 1;');
  await screenshotAtBothSizes(page, 'manual-pair-paired');
  // A reload keeps the pair (kept for the change on disk too: a restarted redline reads it, applyManualPairs.test.ts).
  await page.reload();
  await expect(treeFiles(page)).toHaveCount(2);
  await expect(fileDiff(page, 'src/a.ts')).toContainText('Paired by you');

  await page.getByRole('button', { name: 'Unpair src/a.js and src/a.ts' }).click();
  await expect(treeFiles(page)).toHaveCount(3);
  await expect(page.getByRole('combobox', { name: 'Compare src/a.js with an added file' })).toBeVisible();

  await pair(page);
  await commentOnLine(page, 'src/a.ts', 3, 'Typed at last.');
  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  await page.getByRole('dialog', { name: 'Send Feedback' }).getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => redline!.stdout()).toContain('Typed at last.');
  expect(redline!.stdout()).toContain('## `src/a.ts` (renamed from `src/a.js`, paired by the reviewer)');
  expect(redline!.stdout()).toContain('export function sum(): number {');
});
