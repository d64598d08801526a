/**
 * A file the agent moved or converted without `git mv` (deleted,
 * and a similar untracked file in its place) is one renamed file in the
 * page: one tree row, the old path in the header, the diff between the two
 * files, git's similarity in the header ("renamed, 97% similar") and the
 * tree row's title, and a line comment on it exports under both paths with
 * the line it points at quoted.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openReview, startRedline, type RunningRedline } from './support/redline';
import { commentOnLine, fileDiff } from './support/reviewPage';

let redline: RunningRedline | null = null;
let dir = '';

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  rmSync(dir, { recursive: true, force: true });
});

const source = Array.from({ length: 30 }, (_, i) => `export const base${i} = ${i};\n`).join('');

function portedRepo(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'redline-port-')));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', '-c', 'user.name=R', '-c', 'user.email=r@r.invalid', ...args], { cwd: root, stdio: 'pipe' });
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  git('init', '--quiet', '--initial-branch=main');
  write('src/diff/base.js', source);
  git('add', '--all');
  git('commit', '--quiet', '-m', 'initial');
  rmSync(join(root, 'src/diff/base.js'));
  write('src/diff/base.ts', source.replace('export const base1 = 1;', 'export const base1: number = 1;'));
  return root;
}

/** The ported repository reviewed: the tree holds its one renamed file. */
async function reviewPorted(page: Page): Promise<Locator> {
  dir = portedRepo();
  redline = await startRedline({ cwd: dir });
  await openReview(page, redline);
  const tree = page.getByRole('navigation', { name: 'Changed files' });
  await expect(tree.locator('.tree-file')).toHaveCount(1);
  return tree;
}

test('a deleted .js and an untracked .ts in its place read as one renamed file', async ({ page }) => {
  const tree = await reviewPorted(page);
  await expect(tree.locator('.tree-file').first()).toHaveAttribute('aria-label', /^src\/diff\/base\.ts, renamed, \+1 −1/);
  const file = fileDiff(page, 'src/diff/base.ts');
  await expect(file).toContainText('src/diff/base.js');
  await expect(file).toContainText('export const base1: number = 1;');
  const similar = /renamed, (\d+)% similar/;
  await expect(file.locator('.chip-similarity')).toHaveText(similar);
  const percent = Number(similar.exec((await file.locator('.chip-similarity').textContent()) ?? '')![1]);
  expect(percent).toBeGreaterThan(80); // one line of 30 typed
  expect(percent).toBeLessThan(100);
  await expect(tree.locator('.tree-file').first()).toHaveAttribute('title', `src/diff/base.js → src/diff/base.ts (renamed, ${percent}% similar)`);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: 'docs/screenshots/untracked-rename.png' });

  await commentOnLine(page, 'src/diff/base.ts', 2, 'Typed at last.');
  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  await page.getByRole('dialog', { name: 'Send Feedback' }).getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => redline!.stdout()).toContain('Typed at last.');
  expect(redline!.stdout()).toContain(`## \`src/diff/base.ts\` (renamed from \`src/diff/base.js\`, ${percent}% similar)`);
  expect(redline!.stdout()).toContain('**Quoted lines:** (1 line) · new side of `src/diff/base.js` → `src/diff/base.ts`\n```ts\nexport const base1: number = 1;\n```');
});

test("the setting turns pairing off (kept in the reviewer's preferences, which the server reads: a reload keeps it), and --no-untracked-renames wins over it", async ({ page }) => {
  const tree = await reviewPorted(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('checkbox', { name: /Pair moved files as renames/ }).uncheck();
  await expect(tree.locator('.tree-file')).toHaveCount(2);
  await expect(tree.locator('.tree-file').first()).toHaveAttribute('aria-label', /^src\/diff\/base\.js, deleted/);
  await page.keyboard.press('Escape');
  await expect.poll(() => redline!.preferences().settings.pairRenames).toBe(false);
  // A reload: the first screen and the page's own diff both go by the preferences file.
  await page.reload();
  await expect(tree.locator('.tree-file')).toHaveCount(2);
  await expect(page.locator('.chip-similarity')).toHaveCount(0);
  await page.getByRole('button', { name: 'Settings' }).click();
  await dialog.getByRole('checkbox', { name: /Pair moved files as renames/ }).check();
  await expect(tree.locator('.tree-file')).toHaveCount(1);
  await redline!.stop();

  // The flag wins: the setting is on, the pairing stays off.
  redline = await startRedline({ cwd: dir, args: ['--no-untracked-renames'] });
  await openReview(page, redline);
  await expect(tree.locator('.tree-file')).toHaveCount(2);
});
