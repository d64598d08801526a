import { defineConfig } from '@playwright/test';

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
