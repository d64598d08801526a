/**
 * Three rounds on a real change, in Chromium, with the agent's commands in
 * between (docs/rounds.md): the `yaml` package's published 2.5.0 with 2.8.1
 * laid over it (136 files in the review; e2e/support/realChange.ts).
 *
 * Round 1: the agent posts a finding with a suggestion before the reviewer
 * opens the page; the reviewer accepts it, marks three files viewed, comments
 * on a range, and suggests two changes in one file (a line inserted after line
 * 4, line 9 changed) and one in another. The agent applies all but that last
 * one, inserts a line inside the commented range and edits one viewed file,
 * and posts a new finding. Round 2 must say: both suggestions of the first
 * file applied (the line-9 one moved to line 10), the range grown by one line
 * and changed, a comment the agent answered with `redline reply --addressed`
 * addressed, viewed marks only on the two viewed files it did not touch,
 * the accepted suggestion still "Proposed by the agent", the new proposal in
 * reach at once, and a Send preview byte for byte what redline prints. The
 * agent's `redline apply` of round 2's export applies round 1's suggestion
 * still open, naming round 1. Round 3 reads it applied, and the suggestion
 * the reviewer resolved in round 2 resolved.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { postFindings, runRedline } from './support/agentCli';
import { realChangeRepo, type RealChange } from './support/realChange';
import { openReview, startRedline, type RunningRedline } from './support/redline';
import { clickInDiff, dragLines, lineNumber } from './support/reviewPage';
import { screenshotsToOutput } from './support/screenshots';

const MERGE = 'dist/schema/yaml-1.1/merge.js';
const ALIAS = 'dist/nodes/Alias.js';
const NODE = 'dist/compose/compose-node.js';
const STRINGIFY = 'dist/stringify/stringify.js';
const PUBLIC = 'dist/public-api.js';
const VIEWED = ['dist/log.js', 'dist/util.js', 'dist/doc/anchors.js'];
const REVIEWER = '@alice';

let repo: RealChange;

test.beforeEach(() => {
  repo = realChangeRepo();
});

test.afterEach(async () => {
  await runRedline(['stop'], repo.root);
  repo.cleanup();
});

const lineOf = (path: string, line: number) => readFileSync(join(repo.root, path), 'utf8').split('\n')[line - 1]!;
const thread = (page: Page, name: RegExp) => page.getByRole('article', { name });

/** Shows one file: the filter narrows the tree to it, its row scrolls the diff there (`dist/` is generated: it starts folded). */
async function showFile(page: Page, path: string, { expand }: { expand: boolean } = { expand: true }): Promise<void> {
  // "Since round N" lists only the files changed since; "Show all" lists the unchanged ones too (folded).
  const showAll = page.getByRole('button', { name: 'Show all' });
  if (await showAll.isVisible()) await showAll.click();
  await page.getByRole('searchbox', { name: 'Filter files' }).fill(path);
  await page.getByRole('navigation', { name: 'Changed files' }).getByRole('button', { name: new RegExp(`^${path.replaceAll('.', '\\.')},`) }).click();
  await expect(page.getByRole('checkbox', { name: `Viewed ${path}` })).toBeVisible();
  const unfold = page.getByRole('button', { name: `Expand ${path}`, exact: true });
  if (expand && (await unfold.count()) > 0) await unfold.click();
}

async function clearFilter(page: Page): Promise<void> {
  await page.getByRole('searchbox', { name: 'Filter files' }).fill('');
}

/** Selects new-side lines `from`..`to` of the file shown, opens the composer (c) and writes a suggestion. */
async function suggest(page: Page, path: string, from: number, to: number, code: string): Promise<void> {
  if (to === from) await lineNumber(page, path, 'new', from).click();
  else await dragLines(page, lineNumber(page, path, 'new', from), lineNumber(page, path, 'new', to));
  await page.keyboard.press('c');
  await clickInDiff(page, page.getByRole('button', { name: 'Suggest change' }));
  await page.getByRole('textbox', { name: 'Suggested code' }).fill(code);
  await clickInDiff(page, page.getByRole('button', { name: 'Add suggestion' }));
}

async function commentOnRange(page: Page, path: string, from: number, to: number, text: string): Promise<void> {
  await dragLines(page, lineNumber(page, path, 'new', from), lineNumber(page, path, 'new', to));
  await page.keyboard.press('c');
  const box = page.getByRole('textbox', { name: /^Comment/ });
  await box.fill(text);
  await box.press('Control+Enter');
}

/** Send Feedback as @alice with a verdict; returns the preview as the dialog showed it. */
async function send(page: Page, verdict: RegExp): Promise<string> {
  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await dialog.getByRole('textbox', { name: /^Your name/ }).fill(REVIEWER);
  await dialog.getByRole('radio', { name: verdict }).check();
  const preview = dialog.getByTestId('feedback-preview');
  await expect(preview).not.toBeEmpty();
  const text = (await preview.textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();
  return text;
}

function threadsJson(): Promise<{ threads: { id: string; path: string; state: string; applied?: boolean; lines: { startLine: number; endLine: number } | null; annotation: { kind: string; proposal?: string } }[] }> {
  return runRedline(['threads', '--json'], repo.root).then((run) => JSON.parse(run.stdout));
}

/** The path of the copy of the last review redline saved (its stderr names it). */
function savedCopy(redline: RunningRedline): string {
  return /a copy is in (\S+\.md)/.exec(redline.stderr())![1]!;
}

test('three rounds on a real change of 136 files: states (applied, changed, addressed, resolved), ranges, viewed marks, proposals, provenance, preview and carried suggestions are true', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1400, height: 900 });

  // ---- Round 1 ----
  const round1 = await startRedline({ cwd: repo.root });
  const nodeLine = 12;
  const nodeOriginal = lineOf(NODE, nodeLine);
  const posted = await postFindings(repo.root, [
    { kind: 'finding', path: NODE, side: 'new', lines: { start: nodeLine, end: nodeLine }, text: 'A name for this.', suggestion: { original: nodeOriginal, replacement: `${nodeOriginal} // checked` } },
  ]);
  expect(posted.code, posted.stderr).toBe(0);
  await openReview(page, round1);
  const overview = page.getByRole('region', { name: 'Review overview' });
  await expect(overview).toContainText(/Uncommitted changes \(working tree against HEAD\) ?\d+ files changed/);
  expect(Number(/(\d+) files changed/.exec((await overview.textContent()) ?? '')![1])).toBeGreaterThanOrEqual(130);

  for (const path of VIEWED) {
    await showFile(page, path, { expand: false });
    await page.getByRole('checkbox', { name: `Viewed ${path}` }).check();
  }

  await showFile(page, NODE);
  await page.getByRole('article', { name: new RegExp(`^Agent proposal · \\w+, Line ${nodeLine} \\(new\\)$`) }).getByRole('button', { name: 'Accept' }).click();

  await showFile(page, ALIAS);
  await commentOnRange(page, ALIAS, 24, 27, 'Why cache the nodes here?');

  await showFile(page, PUBLIC);
  await lineNumber(page, PUBLIC, 'new', 8).click();
  await page.keyboard.press('c');
  await page.getByRole('textbox', { name: /^Comment/ }).fill('Is identity used here?');
  await page.getByRole('textbox', { name: /^Comment/ }).press('Control+Enter');

  const merge4 = lineOf(MERGE, 4);
  await showFile(page, MERGE);
  await suggest(page, MERGE, 4, 4, `${merge4}\nvar util = require('../../util.js');`);
  await suggest(page, MERGE, 9, 9, '// sequence, then that sequence must hold mapping nodes and each');

  const stringifyLine = 59;
  const stringifyOriginal = lineOf(STRINGIFY, stringifyLine);
  await showFile(page, STRINGIFY);
  await suggest(page, STRINGIFY, stringifyLine, stringifyLine, `${stringifyOriginal} // round 1`);
  await clearFilter(page);
  await send(page, /^Request changes/);
  expect(await round1.exited).toBe(0);
  const export1 = savedCopy(round1);

  // ---- The agent ----
  const before = await threadsJson();
  const suggestionIds = before.threads.filter((t) => t.annotation.kind === 'suggestion' && t.path !== STRINGIFY).map((t) => t.id);
  expect(suggestionIds).toHaveLength(3);
  const applied = await runRedline(['apply', export1, '--only', suggestionIds.join(',')], repo.root);
  expect(applied.code, applied.stderr).toBe(0);
  const question = before.threads.find((t) => t.path === PUBLIC)!;
  const addressed = await runRedline(['reply', question.id, '--text', 'Yes: stringify checks for a Document.', '--addressed'], repo.root);
  expect(addressed.code, addressed.stderr).toBe(0);
  // A line inserted inside the commented range (after line 25), and one viewed file edited.
  const alias = readFileSync(join(repo.root, ALIAS), 'utf8').split('\n');
  alias.splice(25, 0, '        // the agent: nodes are cached per document');
  writeFileSync(join(repo.root, ALIAS), alias.join('\n'));
  writeFileSync(join(repo.root, VIEWED[1]!), `${readFileSync(join(repo.root, VIEWED[1]!), 'utf8')}// the agent was here\n`);

  // ---- Round 2 ----
  const round2 = await startRedline({ cwd: repo.root, configHome: round1.configHome });
  expect((await postFindings(repo.root, [{ kind: 'question', path: MERGE, side: 'new', lines: { start: 3, end: 3 }, text: 'Is identity still needed?' }])).code).toBe(0);
  await openReview(page, round2);

  // The new proposal is in reach at once: listed in the Comments tab.
  await page.getByRole('tab', { name: /Comments/ }).click();
  await expect(page.getByText('Is identity still needed?').first()).toBeVisible();
  await page.getByRole('tab', { name: /Files/ }).click();

  // Viewed only where viewed and untouched since.
  for (const path of [VIEWED[0]!, VIEWED[2]!]) {
    await showFile(page, path, { expand: false });
    await expect(page.getByRole('checkbox', { name: `Viewed ${path}` })).toBeChecked();
  }
  await showFile(page, VIEWED[1]!, { expand: false });
  await expect(page.getByRole('checkbox', { name: `Viewed ${VIEWED[1]!}` })).not.toBeChecked();

  const threads = await threadsJson();
  const byPath = (path: string) => threads.threads.filter((t) => t.path === path);
  // Both suggestions of merge.js applied, the line-9 one now at line 10.
  expect(byPath(MERGE).map((t) => [t.lines?.startLine, t.applied])).toEqual([
    [4, true],
    [10, true],
  ]);
  // The range grew by the inserted line and reads changed.
  expect(byPath(ALIAS).map((t) => [t.lines?.startLine, t.lines?.endLine, t.state])).toEqual([[24, 28, 'changed']]);
  // The accepted proposal keeps its provenance; round 1's unapplied suggestion stays open.
  expect(byPath(NODE).map((t) => [t.applied, t.annotation.proposal !== undefined])).toEqual([[true, true]]);
  expect(byPath(STRINGIFY).map((t) => [t.state, t.applied])).toEqual([['open', false]]);
  expect(byPath(PUBLIC).map((t) => t.state)).toEqual(['addressed']);

  await showFile(page, MERGE);
  await expect(thread(page, /^Suggestion from round 1, Line 10, /)).toContainText('Applied');
  await showFile(page, ALIAS);
  await expect(thread(page, /^Comment from round 1, Lines 24–28, Changed/)).toBeVisible();
  await showFile(page, NODE);
  const accepted = thread(page, /^Suggestion from round 1, Line 12, /);
  await expect(accepted).toContainText('Proposed by the agent');
  // Applied and checked: the reviewer resolves it (round 3 reads it resolved).
  await clickInDiff(page, accepted.getByRole('button', { name: 'Resolve' }));
  await expect(accepted).toContainText('Resolved on Send');
  await clearFilter(page);
  await page.getByRole('tab', { name: /Comments/ }).click();
  await screenshotsToOutput(page, 'round-2', (name) => testInfo.outputPath(name));

  const preview = await send(page, /^Request changes/);
  expect(await round2.exited).toBe(0);
  expect(preview).toBe(round2.stdout());
  const export2 = savedCopy(round2);
  expect(readFileSync(export2, 'utf8')).toBe(round2.stdout());

  // The agent applies the latest export: round 1's suggestion still open comes with it.
  const carried = await runRedline(['apply', export2], repo.root);
  expect(carried.code, carried.stderr).toBe(0);
  expect(carried.stdout + carried.stderr).toContain(`${STRINGIFY}:${stringifyLine} (round 1)`);
  expect(lineOf(STRINGIFY, stringifyLine)).toBe(`${stringifyOriginal} // round 1`);

  // ---- Round 3 ----
  const after = await threadsJson();
  expect(after.threads.filter((t) => t.path === STRINGIFY).map((t) => t.applied)).toEqual([true]);
  expect(after.threads.filter((t) => t.path === NODE).map((t) => t.state)).toEqual(['resolved']);
  expect(after.threads.filter((t) => t.path === PUBLIC).map((t) => t.state)).toEqual(['addressed']);
  const round3 = await startRedline({ cwd: repo.root, configHome: round1.configHome });
  await openReview(page, round3);
  await showFile(page, STRINGIFY);
  await expect(thread(page, new RegExp(`^Suggestion from round 1, Line ${stringifyLine}, `))).toContainText('Applied');
  await clearFilter(page);
  await send(page, /^Approve/);
  expect(await round3.exited).toBe(0);
});
