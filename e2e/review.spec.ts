/**
 * The review UI's flows against the real CLI and server, in Debian's
 * Chromium, on real git repositories: annotations of every kind, the Send
 * Feedback loop (the CLI prints exactly what the dialog previewed), viewed
 * marks, search, keyboard, autosave across reloads and restarts, freshness,
 * file kinds and closing. Elements are found by role and name, as a user
 * would; only line numbers (Pierre's shadow DOM) are found by their cells.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createFixtureRepo, type FixtureRepo } from './support/fixtureRepo';
import { openReview, startRedline, type RunningRedline } from './support/redline';
import { card, clickInDiff, commentOnLine, fileDiff, lineNumber, suggestIntegerHalving } from './support/reviewPage';

let fixture: FixtureRepo;
let redline: RunningRedline | null = null;

test.beforeEach(() => {
  fixture = createFixtureRepo();
});

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  fixture.cleanup();
});

// ---------- helpers ----------

async function start(args: string[] = []): Promise<RunningRedline> {
  redline = await startRedline({ cwd: fixture.dir, args });
  return redline;
}

/** Opens the review and waits for the first diff line to be painted. */
async function open(page: Page, running: RunningRedline): Promise<void> {
  await openReview(page, running);
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();
}

async function draftSaved(page: Page): Promise<void> {
  await expect(page.getByText('Draft saved')).toBeVisible();
}

// ---------- tests ----------

test('every kind of annotation, then Send Feedback: the CLI prints exactly the markdown the dialog previewed', async ({ page }) => {
  const running = await start();
  await open(page, running);
  const { modified, renamed } = fixture.files;

  // A comment on one line, by selecting it and pressing c.
  await commentOnLine(page, modified, 2, 'Subtraction? This function is add().');

  // A range suggestion: drag lines 5–7, then "Suggest change" (prefilled with those lines).
  await suggestIntegerHalving(page, modified);
  // The form (with its Write/Preview tabs) reaches the window's edge: a plain click can land in CodeView's 120 ms after-scroll window.
  await clickInDiff(page, page.getByRole('button', { name: 'Add suggestion' }));
  await expect(card(page, 'Suggestion, Lines 5–7 (new)')).toContainText('return n >> 1;');

  // A file comment, from the file header.
  await page.getByRole('button', { name: `Comment on file ${renamed.to}` }).click();
  await page.getByRole('textbox', { name: /^Comment/ }).fill('Is the rename on purpose?');
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expect(card(page, 'Comment, File comment')).toContainText('Is the rename on purpose?');

  // A general comment about the whole review.
  await page.getByRole('button', { name: 'Add general comment' }).click();
  await page.getByRole('textbox', { name: /^Comment/ }).fill('Please add tests for calc.');
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expect(card(page, 'Comment, General')).toContainText('Please add tests for calc.');

  // The sidebar lists them by file.
  await page.getByRole('tab', { name: /Comments/ }).click();
  await expect(page.getByRole('region', { name: 'General' })).toBeVisible();
  await expect(page.getByRole('region', { name: modified }).getByRole('button', { name: /^(Comment|Suggestion) / })).toHaveCount(2);

  // Send Feedback: verdict, summary, preview, Send.
  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await dialog.getByRole('radio', { name: /^Request changes/ }).check();
  await dialog.getByRole('textbox', { name: /^Summary/ }).fill('Close: two fixes and a question.');
  const preview = (await dialog.getByTestId('feedback-preview').textContent()) ?? '';
  expect(preview).toContain('Request changes');
  expect(preview).toContain('Subtraction? This function is add().');
  expect(preview).toContain('return n >> 1;');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();
  await expect(page.getByText('You can close this tab.')).toBeVisible();

  expect(await running.exited).toBe(0);
  expect(running.stdout()).toBe(preview);
});

test('viewed marks, search across files not yet rendered, and the keyboard', async ({ page }) => {
  // Enough extra files that the last ones are far below the first screen.
  for (let i = 0; i < 40; i++) {
    writeFileSync(join(fixture.dir, `zz_padding_${String(i).padStart(2, '0')}.ts`), Array.from({ length: 30 }, (_, n) => `export const v${n} = ${n};`).join('\n') + '\n');
  }
  writeFileSync(join(fixture.dir, 'zz_padding_39.ts'), 'export const needleInTheLastFile = 42;\n');
  const running = await start();
  await open(page, running);
  const { modified } = fixture.files;

  // Viewed, from the file header: the tree and the progress follow.
  await page.getByRole('group', { name: `${modified} actions` }).getByRole('checkbox', { name: 'Viewed' }).check();
  await expect(page.getByText(/^1\/46 viewed$/)).toBeVisible();
  await expect(page.getByRole('button', { name: `${modified}, modified, +2 −2, viewed` })).toBeVisible();

  // Search: `/` focuses the box; hits in a file the view has not rendered yet are found and shown.
  await page.locator('body').click({ position: { x: 700, y: 10 } });
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await expect(search).toBeFocused();
  await search.fill('needleInTheLastFile');
  await expect(page.getByText('1 of 1')).toBeVisible();
  await expect(lineNumber(page, 'zz_padding_39.ts', 'new', 1)).toBeInViewport();
  await search.fill('return a');
  await expect(page.getByText('1 of 2')).toBeVisible(); // `return a + b` (old), `return a - b` (new)
  await search.press('Enter');
  await expect(page.getByText('2 of 2')).toBeVisible();
  await search.press('Escape');
  await expect(search).toHaveCount(0);

  // Keyboard: j/k move between files, v marks the current one viewed.
  await page.getByRole('button', { name: new RegExp(`^${fixture.files.deleted}`) }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^${fixture.files.deleted}`) })).toHaveAttribute('aria-current', 'location');
  // The next file in the one file order (folders first): the root's first padding file.
  await page.keyboard.press('j');
  await expect(page.locator('[aria-current="location"]')).toContainText('zz_padding_00.ts');
  await page.keyboard.press('v');
  await expect(page.getByText(/^2\/46 viewed$/)).toBeVisible();
  await page.keyboard.press('k');
  await expect(page.locator('[aria-current="location"]')).toContainText(fixture.files.deleted);
  // Scrolling the diff moves the current file (read from CodeView's own positions, not the DOM's).
  const codeView = page.locator('.code-view');
  await codeView.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(page.locator('[aria-current="location"]')).toContainText(/zz_padding_3\d\.ts/);
  await codeView.evaluate((el) => el.scrollTo({ top: 0 }));
  const firstRow = page.locator('button.tree-file').first();
  await expect(firstRow).toHaveAttribute('aria-current', 'location');
  // ? shows the shortcuts; keys typed in a field are text, not shortcuts.
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: 'Filter files' }).fill('jv');
  await expect(page.getByText(/^2\/46 viewed$/)).toBeVisible();
  // Mod+Enter (outside fields) opens Send Feedback.
  await page.getByRole('tab', { name: /Files/ }).focus();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('dialog', { name: 'Send Feedback' })).toBeVisible();
});

test('reload mid-review, and kill the browser and the server: everything comes back', async ({ page, browser }) => {
  let running = await start();
  await open(page, running);
  const { modified, added } = fixture.files;
  await commentOnLine(page, modified, 2, 'Keep this comment.');
  await lineNumber(page, added, 'new', 3).click();
  await page.keyboard.press('c');
  await clickInDiff(page, page.getByRole('button', { name: 'Suggest change' }));
  await page.getByRole('textbox', { name: 'Suggested code' }).fill('export const total = (xs: number[]) => xs.reduce(add, 0) | 0;');
  await page.getByRole('button', { name: 'Add suggestion' }).click();
  await page.getByRole('group', { name: `${added} actions` }).getByRole('checkbox', { name: 'Viewed' }).check();
  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  await page.getByRole('radio', { name: /^Approve/ }).check();
  await page.getByRole('textbox', { name: /^Summary/ }).fill('Almost there.');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await draftSaved(page);

  const expectEverythingBack = async (p: Page) => {
    await expect(card(p, 'Comment, Line 2 (new)')).toContainText('Keep this comment.');
    await expect(p.getByText(/^1\/6 viewed$/)).toBeVisible();
    await p.getByRole('tab', { name: /Comments/ }).click();
    await expect(p.getByRole('region', { name: added }).getByRole('button', { name: /^Suggestion Line 3 \(new\)/ })).toBeVisible();
    await p.getByRole('button', { name: /^Send Feedback/ }).click();
    await expect(p.getByRole('radio', { name: /^Approve/ })).toBeChecked();
    await expect(p.getByRole('textbox', { name: /^Summary/ })).toHaveValue('Almost there.');
    await p.getByRole('button', { name: 'Cancel' }).click();
  };

  await page.reload();
  await expect(page.locator('diffs-container [data-line]').first()).toBeVisible();
  await expectEverythingBack(page);

  // Kill both mid-review (no goodbye from either), start again on the same repository.
  await page.close();
  running.process.kill('SIGKILL');
  await running.exited;
  running = await start();
  const context = await browser.newContext();
  try {
    const again = await context.newPage();
    await open(again, running);
    await expectEverythingBack(again);
  } finally {
    await context.close();
  }
});

test('a change on disk shows "Diff out of date"; Refresh re-anchors annotations by content, and marks gone ones outdated', async ({ page }) => {
  const running = await start();
  await open(page, running);
  const { modified } = fixture.files;
  await commentOnLine(page, modified, 6, 'Why floor?');
  await commentOnLine(page, modified, 2, 'This line will change.');
  await draftSaved(page);

  const path = join(fixture.dir, modified);
  const text = readFileSync(path, 'utf8');
  writeFileSync(path, '// header one\n// header two\n' + text.replace('  return a - b;', '  return b - a;'));
  await expect(page.getByText('Diff out of date')).toBeVisible({ timeout: 10_000 });
  // Refreshing is the reviewer's choice: nothing moved yet.
  await expect(card(page, 'Comment, Line 6 (new)')).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('Diff refreshed · 1 moved with their code · 1 outdated')).toBeVisible();
  await expect(card(page, 'Comment, Line 8 (new)')).toContainText('Why floor?');
  const outdated = card(page, 'Comment, Line 2 (new)');
  await expect(outdated).toContainText('Outdated');
  await expect(outdated.getByLabel('The lines it was about')).toContainText('return a - b;');
  await expect(page.getByText('Diff out of date')).toHaveCount(0);
});

test('file kinds read clearly: binary, renamed, deleted, generated and large files, hidden characters; context expands from the server', async ({ page }) => {
  const write = (path: string, text: string) => writeFileSync(join(fixture.dir, path), text);
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: fixture.dir,
      env: { ...process.env, GIT_AUTHOR_NAME: 'e2e', GIT_AUTHOR_EMAIL: 'e2e@redline.invalid', GIT_COMMITTER_NAME: 'e2e', GIT_COMMITTER_EMAIL: 'e2e@redline.invalid' },
    });
  // A long committed file changed in its middle: the diff shows a few lines, the rest can be expanded.
  const long = Array.from({ length: 60 }, (_, i) => `export const line${i + 1} = ${i + 1};`);
  write('src/long.ts', long.join('\n') + '\n');
  git('add', 'src/long.ts');
  git('-c', 'commit.gpgsign=false', 'commit', '--quiet', '-m', 'long file', '--', 'src/long.ts'); // only it: the fixture's rename stays staged
  long[29] = 'export const line30 = 300;';
  write('src/long.ts', long.join('\n') + '\n');
  write('src/access.js', 'const isAdmin = false;\nif (isAdmin) { /* \u202E } \u2066if (isGuest)\u2069 \u2066 */ grant(); }\n');
  write('package-lock.json', '{\n  "lockfileVersion": 3\n}\n');
  write('src/huge.txt', Array.from({ length: 2500 }, (_, i) => `row ${i}`).join('\n') + '\n');
  const running = await start();
  await open(page, running);
  const { binary, renamed, deleted } = fixture.files;

  await expect(fileDiff(page, binary).getByText(/^Binary file, not shown · \d+ B → \d+ B$/)).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^${deleted}, deleted`) })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${renamed.to}, renamed`) }).click();
  await expect(fileDiff(page, renamed.to).getByText(renamed.from)).toBeVisible();

  // Generated and large files start collapsed; the large one says why and loads on demand.
  const lock = page.getByRole('group', { name: 'package-lock.json actions' });
  await lock.scrollIntoViewIfNeeded();
  await expect(lock.getByText('Generated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Expand package-lock.json' })).toHaveAttribute('aria-expanded', 'false');
  await expect(fileDiff(page, 'package-lock.json').locator('[data-line]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Expand package-lock.json' }).click();
  await expect(fileDiff(page, 'package-lock.json').locator('[data-line]').first()).toBeVisible();
  const huge = page.getByRole('group', { name: 'src/huge.txt actions' });
  await huge.scrollIntoViewIfNeeded();
  await huge.getByRole('button', { name: 'Load diff' }).click();
  await expect(lineNumber(page, 'src/huge.txt', 'new', 1)).toBeVisible();

  // Hidden and bidirectional characters: a banner on the file, a chip under the line.
  const trojan = fileDiff(page, 'src/access.js');
  await page.getByRole('button', { name: /^src\/access\.js, added/ }).click();
  await expect(trojan.getByText('This file contains bidirectional or hidden Unicode text')).toBeVisible();
  await expect(trojan.getByRole('note', { name: 'Line 2 (new) contains hidden characters' })).toContainText('U+202E');

  // Context: the full file comes from the server (checked against the patch) when expanded.
  await page.getByRole('button', { name: /^src\/long\.ts, modified/ }).click();
  await expect(lineNumber(page, 'src/long.ts', 'new', 30)).toBeVisible();
  await expect(lineNumber(page, 'src/long.ts', 'new', 1)).toHaveCount(0);
  await fileDiff(page, 'src/long.ts').getByRole('button', { name: 'Show unchanged lines before the change' }).click();
  await expect(lineNumber(page, 'src/long.ts', 'new', 10)).toBeAttached();
  await expect(lineNumber(page, 'src/long.ts', 'new', 1)).toHaveCount(0); // 20 lines at a time
});

test('Close review ends the review without feedback, after a confirmation', async ({ page }) => {
  const running = await start();
  await open(page, running);
  await page.getByRole('button', { name: 'Close review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close review' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Close review' }).click();
  await page.getByRole('dialog', { name: 'Close review' }).getByRole('button', { name: 'Close review' }).click();
  await expect(page.getByRole('heading', { name: 'Review closed' })).toBeVisible();
  expect(await running.exited).toBe(3);
  expect(running.stdout()).toBe('');
});

test('the demo review: time from navigation to the first diff line painted', async ({ page }, testInfo) => {
  const running = await startRedline({ cwd: fixture.dir, args: ['--demo'] });
  redline = running;
  await page.addInitScript(() => {
    const check = () => {
      if (performance.getEntriesByName('redline:first-screen-painted').length === 0) {
        // Both layouts are in the HTML; the reviewer's one shows.
        const rows = document.querySelectorAll('#redline-first-screen [data-fs-row]');
        if (Array.prototype.some.call(rows, (row: Element) => row.getClientRects().length > 0)) performance.mark('redline:first-screen-painted');
      }
      const hosts = document.querySelectorAll('diffs-container');
      for (let i = 0; i < hosts.length; i++) {
        if (hosts[i]!.shadowRoot?.querySelector('[data-line]')) return performance.mark('redline:first-diff-painted');
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  await openReview(page, running);
  await page.waitForFunction(() => performance.getEntriesByName('redline:first-diff-painted').length > 0);
  const timing = await page.evaluate(() => ({
    firstScreen: Math.round(performance.getEntriesByName('redline:first-screen-painted')[0]?.startTime ?? -1),
    painted: Math.round(performance.getEntriesByName('redline:first-diff-painted')[0]!.startTime),
    loaded: Math.round(performance.getEntriesByName('redline:review-loaded')[0]?.startTime ?? -1),
    review: Math.round((performance.getEntriesByType('resource').find((e) => e.name.endsWith('/api/review')) as PerformanceResourceTiming | undefined)?.responseEnd ?? -1),
  }));
  const summary =
    `server's first screen painted ${timing.firstScreen} ms after navigation; the app's diff ${timing.painted} ms ` +
    `(GET /api/review answered at ${timing.review} ms, review in the store at ${timing.loaded} ms)`;
  testInfo.annotations.push({ type: 'demo load', description: summary });
  console.log(`demo review: ${summary}`);
  expect(timing.firstScreen).toBeGreaterThan(0);
  expect(timing.firstScreen).toBeLessThan(timing.painted);
  expect(timing.painted).toBeLessThan(5_000); // a loose bound for shared CI machines; the figure is what matters
  // The app took the picture's place.
  await expect(page.locator('#redline-first-screen')).toHaveCount(0);
});

test('the first screen is in the HTML: with scripts off the first file\'s diff still shows, and the app replaces it', async ({ browser }) => {
  const running = await start();
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  try {
    const page = await noScript.newPage();
    await page.goto(running.url);
    const picture = page.locator('#redline-first-screen');
    await expect(picture).toBeVisible();
    await expect(picture.locator('.fs-sidebar')).toHaveAttribute('aria-hidden', 'true');
    // Without the page's first script, the unified layout shows; its rows are the diff's.
    await expect(picture.locator('.fs-unified [data-fs-row]').first()).toBeVisible();
    await expect(picture.locator('.fs-split')).toBeHidden();
    expect(await picture.locator('.fs-unified .fs-add, .fs-unified .fs-del').count()).toBeGreaterThan(0);
    await expect(picture.locator('.overview-stats')).toContainText('files changed');
  } finally {
    await noScript.close();
    await running.stop();
  }
  // The link works once: a new run for the page with scripts on.
  const page = await browser.newPage();
  try {
    await open(page, await start());
    await expect(page.locator('#redline-first-screen')).toHaveCount(0);
    expect(await page.evaluate(() => performance.getEntriesByName('redline:first-screen-replaced').length)).toBe(1);
  } finally {
    await page.close();
  }
});

test('the production build loads its lazy chunks (grammars, themes, worker) and the initial transfer of a 20-file review stays under 500 KB', async ({ page }, testInfo) => {
  // 20 files in several languages.
  const samples: Record<string, string> = {
    ts: 'export function f(x: number): number {\n  return x * 2;\n}\n',
    py: 'def f(x):\n    return x * 2\n',
    md: '# Title\n\nSome *text*.\n',
    json: '{\n  "name": "x",\n  "version": 1\n}\n',
    css: '.a {\n  color: red;\n}\n',
  };
  const exts = Object.keys(samples);
  for (let i = 0; i < 14; i++) {
    const ext = exts[i % exts.length]!;
    writeFileSync(join(fixture.dir, `src/gen${i}.${ext}`), samples[ext]!.repeat(20));
  }
  appendFileSync(join(fixture.dir, fixture.files.modified), '\nexport const extra = 1;\n');

  const bytes = new Map<string, number>();
  const urls: string[] = [];
  page.on('requestfinished', async (request) => {
    const sizes = await request.sizes().catch(() => null);
    urls.push(new URL(request.url()).pathname);
    if (sizes) bytes.set(request.url() + '#' + urls.length, sizes.responseBodySize + sizes.responseHeadersSize);
  });
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(request.url()));
  page.on('response', (response) => {
    // GET /api/draft answers 404 when nothing was saved yet: that is the contract.
    if (response.status() >= 400 && !new URL(response.url()).pathname.startsWith('/api/draft')) failed.push(`${response.status()} ${response.url()}`);
  });

  const running = await start();
  await open(page, running);
  await expect(page.getByText('20 files changed')).toBeVisible();
  // Highlighting arrived: a token coloured by the theme, which needs the grammar chunk, in the TypeScript file.
  await expect(fileDiff(page, fixture.files.modified).locator('code [data-line] span[style*="--diffs-token"]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  const total = [...bytes.values()].reduce((sum, n) => sum + n, 0);
  const assets = urls.filter((u) => u.startsWith('/assets/'));
  testInfo.annotations.push({ type: 'initial transfer', description: `${total} bytes on the wire in ${urls.length} requests` });
  console.log(`initial transfer: ${total} bytes on the wire, ${urls.length} requests (${assets.length} assets)`);
  expect(failed).toEqual([]);
  expect(total).toBeLessThan(500 * 1024);
  // Only grammars of languages on screen; never the editor.
  expect(assets.some((u) => /\/typescript-[^/]+\.js$/.test(u))).toBe(true);
  expect(assets.some((u) => /\/(rust|cpp|java|haskell)-[^/]+\.js$/.test(u))).toBe(false);
  expect(assets.some((u) => /edit/i.test(u))).toBe(false);
});

// The tree keeps the current file's row in sight as the diff scrolls (navigation/FileTree.tsx),
// judged from its own record of its scroll position (reading the DOM's forced a layout
// per file passed): in a window too short for the 46 rows, both ways.
test('the tree scrolls to the current file as the diff scrolls, both ways', async ({ page }) => {
  // 40 more new files (46 in all), so the tree's rows overflow its height.
  for (let i = 0; i < 40; i++) {
    writeFileSync(join(fixture.dir, `zz_padding_${String(i).padStart(2, '0')}.ts`), Array.from({ length: 30 }, (_, n) => `export const v${n} = ${n};`).join('\n') + '\n');
  }
  await page.setViewportSize({ width: 1400, height: 500 });
  await open(page, await start());
  const current = page.locator('nav[aria-label="Changed files"] .tree-file[aria-current="location"]');
  const codeView = page.locator('.code-view');
  const tree = page.locator('nav[aria-label="Changed files"] .file-tree-scroll');

  // CodeView learns its full height as it measures files: scroll to the end again until it stays there.
  await expect
    .poll(async () => {
      await codeView.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      return current.textContent();
    })
    .toMatch(/zz_padding_3\d\.ts/);
  await expect(current).toBeInViewport();
  expect(await tree.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

  await codeView.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(page.locator('button.tree-file').first()).toHaveAttribute('aria-current', 'location');
  await expect(current).toBeInViewport();
  await expect.poll(() => tree.evaluate((el) => el.scrollTop)).toBe(0);
});
