/**
 * The reviewer's browser arrives second (docs/cli.md, "Who holds the link"):
 * an agent that deliberately reads the launcher file Redline handed the
 * browser (the one thing a same-user program can still do) and spends the
 * link first. The reviewer's browser, opening the launcher and then the
 * link, sees a page that says the link was already used, when and by what
 * program, and what to do; `redline status` says the same.
 */
import { spawn } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { REDLINE_BIN, runRedline } from './support/agentCli';
import { createFixtureRepo, type FixtureRepo } from './support/fixtureRepo';

let fixture: FixtureRepo;

test.beforeEach(() => {
  fixture = createFixtureRepo();
});

test.afterEach(async () => {
  await runRedline(['stop'], fixture.dir);
  fixture.cleanup();
});

test('an agent that spends the link first: the browser that arrives second is told when and by what, and status says so', async ({ page }) => {
  test.setTimeout(60_000);
  // A "browser" that only notes which file Redline asked it to open.
  const noted = join(fixture.dir, '..', `launcher-${Date.now()}.txt`);
  const browser = join(fixture.dir, '..', `fake-browser-${Date.now()}.sh`);
  writeFileSync(browser, `#!/bin/sh\nfor last; do :; done\nprintf '%s' "$last" > '${noted}'\n`);
  chmodSync(browser, 0o755);
  const start = await new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn(process.execPath, [REDLINE_BIN, 'start'], { cwd: fixture.dir, env: { ...process.env, BROWSER: browser } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
  expect(start.code, start.output).toBe(0);
  expect(start.output).not.toContain('token=');
  await expect.poll(() => readFileSync(noted, 'utf8').endsWith('.html'), { timeout: 10_000 }).toBe(true);
  const launcher = readFileSync(noted, 'utf8');

  // The agent reads the launcher file and spends the link before the browser does.
  const link = /url=([^"]+)"/.exec(readFileSync(launcher, 'utf8'))![1]!.replaceAll('&amp;', '&');
  const { origin, searchParams } = new URL(link);
  const spent = await fetch(`${origin}/api/session`, { method: 'POST', headers: { Origin: origin, 'X-Redline-Link': searchParams.get('token')! } });
  expect(spent.status).toBe(200);

  // The browser reads the launcher only now: it no longer forwards, it says what happened.
  await page.goto(`file://${launcher}`);
  await expect(page.getByRole('heading', { name: 'This review link was already used' })).toBeVisible();
  await expect(page.getByText(/It was used by node \(pid \d+\) at \d\d:\d\d:\d\d\. .*redline stop/)).toBeVisible();
  expect(readFileSync(launcher, 'utf8')).not.toContain('token=');

  // The link itself, opened second: the server's page says the same.
  const answer = await page.goto(link);
  expect(answer?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'This review link was already used' })).toBeVisible();
  await expect(page.getByText(/It was used by node \(pid \d+\) at \d\d:\d\d:\d\d/)).toBeVisible();

  const status = await runRedline(['status'], fixture.dir);
  expect(status.stdout).toMatch(/^link: opened by node \(pid \d+\) at \d\d:\d\d:\d\d \(if that was not the reviewer: redline stop\)$/m);
});
