/**
 * `redline compare` in Chromium on a real repository: three worktrees made
 * from one base, three attempts at `src/sum.js` (one left uncommitted), and a
 * fourth, clean worktree as the target. The overview counts each variant's
 * +/−, the README every variant changed the same way is marked and folded,
 * "C against B" shows where they differ, the test file is taken whole from B
 * and the second hunk of `src/sum.js` from C, "Apply picks to target" writes
 * them, the repository's own `node --test` passes there, and no ref, HEAD,
 * index or other worktree moved. A comment on B's line and the verdicts (B
 * kept, A discarded) stay each variant's own; Send writes each variant's
 * feedback for its agent; B's agent's tour is listed. Screenshots (SCREENSHOTS=1):
 * docs/screenshots/compare-overview-*.png and compare-file-*.png.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { BASE_FILES, makeVariantRepo, SUM_VARIANTS } from '../apps/cli/testSupport/variantRepo';
import { runRedline } from './support/agentCli';
import { openReview, sendFeedback, startRedline, type RunningRedline } from './support/redline';
import { screenshotAtBothSizes } from './support/screenshots';

let redline: RunningRedline | null = null;
const dirs: string[] = [];

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const makeDir = (prefix: string) => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  dirs.push(dir);
  return dir;
};

test('three attempts compared: overview, agree-and-fold, C against B, a file from B and a hunk from C applied to a clean worktree whose test passes; nothing else moved', async ({ page }) => {
  const variants = makeVariantRepo(makeDir);
  const a = variants.worktree('a', SUM_VARIANTS.a);
  const b = variants.worktree('b', SUM_VARIANTS.b, { commit: false });
  variants.worktree('c', SUM_VARIANTS.c);
  const target = variants.worktree('target', {});
  const before = variants.untouchedState();

  redline = await startRedline({ cwd: variants.dir, subcommand: 'compare', args: ['--target', target.dir, a.dir, b.dir, 'c'] });
  // B's own agent posts its tour of its attempt, from B's worktree, into B's column.
  const tourFile = join(variants.dir, '.git', 'b-tour.json');
  const steps = [
    { path: 'src/sum.js', side: 'new', lines: { start: 2, end: 4 }, text: 'A plain for…of loop reads best here.' },
    { path: 'test/sum.test.js', side: 'new', lines: { start: 7, end: 7 }, text: 'The average of nothing is 0.' },
  ];
  writeFileSync(tourFile, JSON.stringify({ tour: { title: 'A loop, and the empty case', steps } }));
  const toured = await runRedline(['annotate', tourFile, '--variant', 'B'], b.dir);
  expect(toured.code, toured.stderr).toBe(0);
  await openReview(page, redline);
  const panel = page.getByRole('region', { name: 'Compare variants' });
  await expect(panel.getByRole('heading', { name: /3 attempts, 3 files touched, against base/ })).toBeVisible();
  const tours = panel.getByRole('region', { name: "Each agent's tour" });
  await expect(tours.locator('summary')).toHaveText('B · b: A loop, and the empty case');
  await expect(tours.getByRole('button', { name: 'test/sum.test.js, line 7' })).toBeVisible();

  // The overview: the files the variants differ on, each variant's +/−; the README they agree on folded.
  const differ = panel.getByRole('table', { name: 'Files the variants differ on' });
  await expect(differ.getByRole('row')).toHaveCount(3);
  await expect(differ.getByRole('row', { name: /src\/sum\.js/ })).toHaveText(/src\/sum\.js\s*\+1 −5\s*\+1 −3\s*\+2 −6/);
  await expect(differ.getByRole('row', { name: /test\/sum\.test\.js/ })).toHaveText(/test\/sum\.test\.js\s*—\s*\+1 −0\s*—/);
  const agree = panel.getByRole('table', { name: 'Files every variant changed the same way' });
  await expect(agree).toBeHidden();
  await panel.getByText('1 file where every variant agrees').click();
  await expect(agree.getByRole('row', { name: /README\.md/ })).toContainText('agree');
  await screenshotAtBothSizes(page, 'compare-overview');

  // C against B, for src/sum.js (the file read first: the first the variants differ on).
  const file = panel.getByRole('region', { name: 'File src/sum.js' });
  await file.getByRole('combobox', { name: 'Variant shown' }).selectOption('C');
  await file.getByRole('combobox', { name: 'Variant compared with' }).selectOption('B');
  const cAgainstB = file.getByRole('region', { name: 'C against B' });
  await expect(cAgainstB).toContainText('-  for (const value of values) total += value;');
  await expect(cAgainstB).toContainText('+  return values.length === 0 ? 0 : sum(values) / values.length;');

  // The second hunk of src/sum.js from C (its guard of the empty average), columns to read them side by side.
  await file.getByLabel('In columns').check();
  const cSum = file.getByRole('region', { name: 'C · c' });
  await expect(cSum.getByRole('button', { name: 'Take this hunk from C' })).toHaveCount(2);
  await cSum.getByRole('button', { name: 'Take this hunk from C' }).nth(1).click();
  await expect(cSum.getByRole('button', { name: 'Taken from C' })).toHaveCount(1);
  await screenshotAtBothSizes(page, 'compare-file');

  // The test file whole from B, with a comment on B's new test kept as B's, B kept and A discarded.
  await panel.getByRole('button', { name: 'test/sum.test.js' }).first().click();
  const testFile = panel.getByRole('region', { name: 'File test/sum.test.js' });
  await testFile.getByRole('button', { name: 'Take this file from B' }).click();
  const bTest = testFile.getByRole('region', { name: 'B · b' });
  await bTest.getByRole('button', { name: "Comment on B's line 7" }).click();
  await bTest.getByRole('textbox').fill('Good: the empty case is tested.');
  await bTest.getByRole('button', { name: 'Add comment' }).click();
  await expect(bTest.getByRole('list', { name: "B's comments on test/sum.test.js" })).toContainText('Good: the empty case is tested.');
  await panel.getByRole('combobox', { name: 'Verdict on B' }).selectOption('keep');
  await panel.getByRole('combobox', { name: 'Verdict on A' }).selectOption('discard');
  const picks = panel.getByRole('region', { name: 'Picks' });
  await expect(picks.getByRole('listitem')).toHaveText([/src\/sum\.js: the hunk @@ -12,5 \+8,5 @@ from C \(c\)/, /test\/sum\.test\.js: the whole file from B \(b\)/]);

  await picks.getByRole('button', { name: 'Apply picks to target' }).click();
  await expect(picks.getByRole('status')).toHaveText('Applied to ' + target.dir + ': src/sum.js, test/sum.test.js.');

  // The repository's own test passes in the target.
  const output = execFileSync(process.execPath, ['--test', 'test/'], { cwd: target.dir, encoding: 'utf8' });
  expect(output).toMatch(/# pass 3/);
  expect(target.read('test/sum.test.js')).toBe(SUM_VARIANTS.b['test/sum.test.js']);

  // Nothing else moved: the target's files put back by hand (a checkout would refresh its index).
  for (const path of ['src/sum.js', 'test/sum.test.js']) target.write(path, BASE_FILES[path]!);
  expect(variants.untouchedState().split('\n')).toEqual(before.split('\n'));
  expect(b.read('src/sum.js')).toBe(SUM_VARIANTS.b['src/sum.js']);

  // Each variant's own feedback: in the page, and written by Send for its agent.
  const feedback = panel.getByRole('region', { name: 'Feedback per variant' });
  await expect(feedback.locator('summary')).toHaveText(['Variant A (a): discarded', 'Variant B (b): keep', 'Variant C (c): no decision yet']);
  expect(await sendFeedback(page, redline)).toBe(0);
  const gitDir = execFileSync('git', ['rev-parse', '--absolute-git-dir'], { cwd: variants.dir, encoding: 'utf8' }).trim();
  expect(readFileSync(join(gitDir, 'redline/compare/variant-B.md'), 'utf8')).toContain('### Line 7\n\n```\ntest(\'average of nothing\', () => assert.equal(average([]), 0));\n```\n\n> Good: the empty case is tested.\n');
  expect(readFileSync(join(gitDir, 'redline/compare/variant-A.md'), 'utf8')).toBe('# Variant A (a): discarded\n\nNot taken; no comments.\n');
});
