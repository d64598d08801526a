/**
 * Nobody else gets the reviewer's session. Another web
 * server on 127.0.0.1 (the agent's own dev server, say), visited in the same
 * browser profile after the review opened, must receive nothing of Redline's
 * credentials in any header, and cannot make the review fail by setting
 * cookies, from script or with Set-Cookie. With the old HttpOnly cookie both
 * failed: cookies are not isolated by port. Nor can its cookies choose the
 * reviewer's name or settings: those are the reviewer's preferences, in
 * their own file (docs/cli.md), and the review reads no cookie.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createFixtureRepo, type FixtureRepo } from './support/fixtureRepo';
import { openReview, sendFeedback, startRedline, type RunningRedline } from './support/redline';
import { runRedline } from './support/agentCli';

let fixture: FixtureRepo;
let redline: RunningRedline | null = null;
let other: { server: Server; origin: string; seen: IncomingHttpHeaders[] } | null = null;

test.beforeEach(() => {
  fixture = createFixtureRepo();
});

test.afterEach(async () => {
  await redline?.stop();
  redline = null;
  // The page (still open: Playwright closes it after this hook) holds keep-alive connections to the
  // neighbour, and close() waits for them: a CI run hung here for the whole 60 s test timeout.
  other?.server.closeAllConnections();
  await new Promise((resolve) => (other ? other.server.close(resolve) : resolve(undefined)));
  other = null;
  fixture.cleanup();
});

/**
 * A hostile neighbour: logs every request's headers; `/plant` answers with
 * Set-Cookie headers and a script that sets cookies shaped like the old
 * session cookie, for every path the review uses; `/settings` sets the
 * cookies the review's name and settings once were.
 */
/** What a neighbour once could choose for the reviewer: their name (whose threads are whose) and settings. */
const PLANTED_SETTINGS = { reviewer: 'eve', hideWhitespace: 'on', theme: 'dark', editSuggestions: 'on' } as const;

async function startNeighbour(redlinePort: number): Promise<NonNullable<typeof other>> {
  const seen: IncomingHttpHeaders[] = [];
  const names = [`redline_session_${redlinePort}`, 'redline-session', 'x-redline-session', 'redline_session'];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    if (req.url === '/settings') {
      res.setHeader('Content-Type', 'text/html');
      const script = Object.entries(PLANTED_SETTINGS).map(([name, value]) => `document.cookie = "${name}=${value}; path=/; max-age=3600";`).join('\n');
      res.end(`<!doctype html><title>neighbour</title><script>${script}</script><p>neighbour</p>`);
      return;
    }
    if (req.url === '/plant') {
      res.setHeader('Set-Cookie', names.flatMap((name) => [`${name}=planted; Path=/`, `${name}=planted; Path=/api`]));
      res.setHeader('Content-Type', 'text/html');
      const script = names.map((name) => `document.cookie = "${name}=x; path=/api"; document.cookie = "${name}=x; path=/";`).join('\n');
      res.end(`<!doctype html><title>neighbour</title><script>${script}</script><p>planted</p>`);
      return;
    }
    res.setHeader('Content-Type', 'text/plain');
    res.end('neighbour');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

test('another server on 127.0.0.1 visited after the review opened gets no Redline secret, and its cookies cannot break the review', async ({ page, context }) => {
  redline = await startRedline({ cwd: fixture.dir });
  await openReview(page, redline);
  await expect(page.getByText(fixture.files.modified, { exact: true }).first()).toBeVisible();
  const secret = await page.evaluate(() => localStorage.getItem('redline-session'));
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  const token = new URL(redline.url).searchParams.get('token')!;

  other = await startNeighbour(Number(new URL(redline.origin).port));
  const neighbour = await context.newPage();
  for (const path of ['/api/anything', '/plant', '/api/review', '/']) await neighbour.goto(other.origin + path);
  await expect(neighbour.getByText('neighbour')).toBeVisible();
  // The neighbour cannot read the review's storage, nor use the API without it.
  expect(await neighbour.evaluate(() => localStorage.getItem('redline-session'))).toBeNull();
  const blind = await neighbour.evaluate(async (origin) => {
    try {
      const answer = await fetch(`${origin}/api/close`, { method: 'POST', mode: 'no-cors', credentials: 'include', body: '{}' });
      return answer.type;
    } catch (error) {
      return String(error);
    }
  }, redline.origin);
  // Unreadable either way (Cross-Origin-Resource-Policy makes Chromium fail it), and refused by the server.
  expect(['opaque', 'TypeError: Failed to fetch']).toContain(blind);

  const everyHeader = JSON.stringify(other.seen);
  expect(other.seen.length).toBeGreaterThanOrEqual(4);
  expect(everyHeader).not.toContain(secret!);
  expect(everyHeader).not.toContain(token);
  const cookies = await context.cookies(redline.origin);
  expect(cookies.map((c) => c.value).join(' ')).not.toContain(secret!);

  // The planted cookies reach the review's server too (cookies ignore ports); the review does not care.
  await page.reload();
  await expect(page.getByText(fixture.files.modified, { exact: true }).first()).toBeVisible();
  expect(await sendFeedback(page, redline)).toBe(0);
  expect(redline.stdout()).toContain('# Code review feedback');
});

test('a reload of / in another tab of the same browser is still signed in; a fresh browser is not', async ({ page, context, browser }) => {
  redline = await startRedline({ cwd: fixture.dir });
  await openReview(page, redline);
  await expect(page.getByText(fixture.files.modified, { exact: true }).first()).toBeVisible();
  const second = await context.newPage();
  await second.goto(`${redline.origin}/`);
  await expect(second.getByText(fixture.files.modified, { exact: true }).first()).toBeVisible();

  const stranger = await browser.newContext();
  try {
    const intruder = await stranger.newPage();
    const answer = await intruder.goto(`${redline.origin}/`);
    expect(answer?.status()).toBe(200);
    // The page loads, but it holds nothing of the review and the API refuses it.
    await expect(intruder.getByText(/not signed in to the review/)).toBeVisible();
    await expect(intruder.getByText(fixture.files.modified, { exact: true })).toHaveCount(0);
  } finally {
    await stranger.close();
  }
});

test("a neighbour's cookies (reviewer=eve, hideWhitespace=on, theme=dark, editSuggestions=on) change no name and no setting: the round is recorded under your own name", async ({ page, context }) => {
  redline = await startRedline({ cwd: fixture.dir, preferences: { settings: { theme: 'light' }, reviewer: '@alice' } });
  await openReview(page, redline);
  await expect(page.getByText(fixture.files.modified, { exact: true }).first()).toBeVisible();

  other = await startNeighbour(Number(new URL(redline.origin).port));
  const neighbour = await context.newPage();
  await neighbour.goto(`${other.origin}/settings`);
  await expect(neighbour.getByText('neighbour')).toBeVisible();
  // The cookies are in the browser's jar for the review's host too (cookies ignore ports)...
  const jar = Object.fromEntries((await context.cookies(redline.origin)).map((c) => [c.name, c.value]));
  expect(jar).toMatchObject(PLANTED_SETTINGS);

  // ...and decide nothing: a reload (the first screen and the app) keeps your theme, whitespace and settings.
  await page.reload();
  await expect(page.getByText(fixture.files.modified, { exact: true }).first()).toBeVisible();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(html).toHaveAttribute('data-hide-whitespace', 'off');
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('checkbox', { name: /Hide whitespace/ })).not.toBeChecked();
  await expect(settings.getByRole('radio', { name: 'Light' })).toBeChecked();
  await settings.getByRole('tab', { name: 'Editor' }).click();
  await expect(settings.getByRole('checkbox').first()).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);

  // The Send dialog shows your own name, and the round is recorded under it.
  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(dialog.getByRole('textbox', { name: /^Your name/ })).toHaveValue('@alice');
  await expect(dialog.getByTestId('feedback-preview')).not.toBeEmpty();
  if (process.env.SCREENSHOTS) await page.screenshot({ path: 'test-results/other-origin-send-dialog.png' });
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();
  expect(await redline.exited).toBe(0);
  const rounds = JSON.parse((await runRedline(['rounds', '--json'], fixture.dir)).stdout) as { rounds: { reviewer: string }[] };
  expect(rounds.rounds.map((round) => round.reviewer)).toEqual(['@alice']);
  expect(redline.preferences().reviewer).toBe('@alice');
});
