import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// No redline a test starts reads or writes the developer's own preferences
// (~/.config/redline/preferences.json): the run has a fresh XDG_CONFIG_HOME,
// made once by the main process and inherited by its workers; startRedline
// (e2e/support/redline.ts) gives each of its runs a fresh one of their own.
if (!process.env.REDLINE_E2E_CONFIG_HOME) {
  const home = mkdtempSync(join(tmpdir(), 'redline-e2e-config-'));
  process.env.REDLINE_E2E_CONFIG_HOME = home;
  process.env.XDG_CONFIG_HOME = home;
  process.on('exit', () => rmSync(home, { recursive: true, force: true }));
}

// Debian's Chromium, never a downloaded browser. One worker: each test starts
// its own redline server and these machines have two cores.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  workers: 1,
  // One retry in CI only, and reported as "flaky", never hidden: two clicks inside the diff were lost in 1 of 3
  // fresh-clone runs today (review.spec "Add suggestion", proposals.spec "Reject"), both in CodeView's 120 ms
  // pointer-events pause after a scroll (see clickInDiff in e2e/support/reviewPage.ts); the cause is open.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1400, height: 900 },
  },
});
