/**
 * Rendered markdown: a hostile comment posted through the real page
 * renders with none of its script, handler or javascript: link active; the
 * composer previews; a markdown file shows rendered, old and new side by side,
 * fetching none of its images; and a review without annotations never loads
 * the renderer's chunk.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openReview, startRedline, type RunningRedline } from './support/redline';
import { repoWith } from './support/repoWith';
import { card, fileDiff, lineNumber } from './support/reviewPage';

const SHOTS = join(process.cwd(), 'docs/screenshots');
let redline: RunningRedline | null = null;
let dir = '';

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

declare global {
  interface Window {
    __pwned?: number;
  }
}

const HOSTILE = [
  'Use **const** and `let`, see [the docs](https://example.com/docs).',
  '',
  '<script>window.__pwned=1</script>',
  '',
  '<img src=x onerror="window.__pwned=2">',
  '',
  '[x](javascript:window.__pwned=3)',
].join('\n');

async function start(page: Page, base: Record<string, string>, change: Record<string, string>): Promise<string[]> {
  dir = repoWith(base, change);
  redline = await startRedline({ cwd: dir });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await openReview(page, redline);
  return requests;
}

/** What in `root` could run or fetch: script/img elements, on* attributes, and any href or src that is not http(s) or mailto. */
function activeParts(root: Locator): Promise<string[]> {
  return root.evaluate((el) => {
    const found: string[] = [];
    for (const node of Array.from(el.querySelectorAll('*'))) {
      if (/^(SCRIPT|IMG|IFRAME|OBJECT|EMBED)$/.test(node.tagName)) found.push(node.tagName);
      for (const { name, value } of Array.from(node.attributes)) {
        if (name.startsWith('on')) found.push(`${node.tagName} ${name}`);
        if ((name === 'href' || name === 'src') && !/^(https?|mailto):/i.test(value)) found.push(`${node.tagName} ${name}=${value}`);
      }
    }
    return found;
  });
}

async function shot(page: Page, name: string, target: Locator): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  for (const [width, height] of [[1400, 900], [800, 700]] as const) {
    await page.setViewportSize({ width, height });
    await target.scrollIntoViewIfNeeded();
    await page.mouse.move(1, 1);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, `${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

test('a hostile comment renders as markdown with none of its script, handler or javascript: link active', async ({ page }) => {
  const requests = await start(page, { 'src/a.ts': 'export const a = 1;\nexport const b = 2;\n' }, { 'src/a.ts': 'export const a = 1;\nexport const b = 3;\n' });
  await lineNumber(page, 'src/a.ts', 'new', 2).click();
  await page.keyboard.press('c');
  const box = page.getByRole('textbox', { name: /^Comment/ });
  await box.fill(HOSTILE);

  // Preview: rendered as the card will be; back to Write, the draft is intact and Ctrl+Enter adds it.
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByRole('tabpanel', { name: 'Preview' });
  await expect(preview.locator('strong')).toHaveText('const');
  await shot(page, 'markdown-composer-preview', preview);
  await page.getByRole('tab', { name: 'Write' }).click();
  await expect(box).toHaveValue(HOSTILE);
  await box.press('Control+Enter');

  const comment = card(page, 'Comment, Line 2 (new)');
  await expect(comment.locator('strong')).toHaveText('const');
  await expect(comment.locator('code').first()).toHaveText('let');
  // Raw HTML shows as the text it is; the javascript: "link" is text too. Click all of it.
  await expect(comment).toContainText('<script>window.__pwned=1</script>');
  await comment.getByText('[x](javascript:window.__pwned=3)').click();
  await comment.getByText('<img src=x onerror="window.__pwned=2">').click();
  expect(await activeParts(comment)).toEqual([]);
  const docs = comment.getByRole('link', { name: 'the docs' });
  await expect(docs).toHaveAttribute('href', 'https://example.com/docs');
  await expect(docs).toHaveAttribute('target', '_blank');
  await expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  expect(requests.filter((path) => path.endsWith('/x'))).toEqual([]);
  await shot(page, 'markdown-comment-card', comment);
});

test('a markdown file shows rendered, old and new side by side, its images and relative links not fetched', async ({ page }) => {
  const requests = await start(
    page,
    { 'README.md': '# Redline\n\nReview **old** text.\n' },
    { 'README.md': '# Redline\n\nReview *new* text, with a table:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n![logo](logo.png) and [the guide](docs/guide.md)\n', 'docs/added.md': '# Added\n\n- one\n- two\n' },
  );
  const readme = fileDiff(page, 'README.md');
  await expect(readme).toContainText('Review *new* text');
  const toggle = page.getByRole('button', { name: 'Show README.md rendered' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const before = page.getByRole('region', { name: 'README.md rendered, before' });
  const after = page.getByRole('region', { name: 'README.md rendered, after' });
  await expect(before.locator('strong')).toHaveText('old');
  await expect(after.locator('em')).toHaveText('new');
  await expect(after.locator('table td')).toHaveText(['1', '2']);
  await expect(after).toContainText('[image: logo]');
  expect([...(await activeParts(before)), ...(await activeParts(after))]).toEqual([]);
  await expect(after.getByRole('link')).toHaveCount(0);
  expect(requests.filter((path) => path.endsWith('logo.png') || path.endsWith('guide.md'))).toEqual([]);
  await shot(page, 'markdown-file-rendered', after);

  // An added file: its one side. And back to the source.
  await page.getByRole('button', { name: 'Show docs/added.md rendered' }).click();
  await expect(page.getByRole('region', { name: 'docs/added.md rendered, after' }).locator('li')).toHaveText(['one', 'two']);
  await expect(page.getByRole('region', { name: 'docs/added.md rendered, before' })).toHaveCount(0);
  await toggle.click();
  await expect(after).toHaveCount(0);
  await expect(before).toHaveCount(0);
  await expect(readme).toContainText('Review *new* text');
});

test('the demo review, with no annotations, never fetches the markdown renderer until a file is shown rendered', async ({ page }) => {
  redline = await startRedline({ cwd: process.cwd(), args: ['--demo'] });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await openReview(page, redline);
  await expect(fileDiff(page, 'docs/pricing.md')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const renderer = () => scripts.filter((path) => /markdownToReact/.test(path));
  expect(renderer()).toEqual([]);
  test.info().annotations.push({ type: 'scripts fetched before any markdown', description: String(scripts.length) });
  // The first rendered view fetches it, once.
  await page.getByRole('button', { name: 'Show docs/pricing.md rendered' }).click();
  await expect(page.getByRole('region', { name: 'docs/pricing.md rendered, after' }).locator('h1, h2, p').first()).toBeVisible();
  expect(renderer()).toHaveLength(1);
});
