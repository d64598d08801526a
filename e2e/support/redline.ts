/**
 * Starts the real `redline` command for a Playwright test as a person runs
 * it, stderr on a terminal: `node apps/cli/bin/redline.js --no-open ...args`
 * (build it first with `npx tsc -b apps/cli`), and reads the review URL from
 * the terminal, the only place redline prints it.
 */
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { spawnInTerminal } from '../../apps/cli/testSupport/inTerminal.mjs';

const BIN = fileURLToPath(new URL('../../apps/cli/bin/redline.js', import.meta.url));

export interface RunningRedline {
  /** The tokened review URL (single use: give it to one browser page). */
  url: string;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** Signals for redline itself (SIGINT is Ctrl-C typed at its terminal). */
  process: { kill(signal?: NodeJS.Signals): void };
  stdout(): string;
  /** What it wrote to its terminal (its stderr). */
  stderr(): string;
  /** The exit code (128 + n when killed by signal n). */
  exited: Promise<number>;
  /** Ctrl-C, then SIGKILL if it has not exited after 5 s. */
  stop(): Promise<void>;
}

export interface StartOptions {
  cwd: string;
  args?: string[];
  env?: NodeJS.ProcessEnv;
  /** An installed `redline` executable to run instead of the repository's (e2e/tarball.spec.ts). */
  command?: string;
}

export async function startRedline(options: StartOptions): Promise<RunningRedline> {
  const args = ['--no-open', ...(options.args ?? [])];
  const run = spawnInTerminal(options.command ?? process.execPath, options.command ? args : [BIN, ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
  });
  const { exited } = run;
  const url = (await run.waitForTerminal(/^Review: (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64})$/m))[1]!;
  return {
    url,
    origin: new URL(url).origin,
    process: { kill: (signal) => run.kill(signal) },
    stdout: run.stdoutText,
    stderr: run.terminalText,
    exited,
    async stop() {
      if (run.child.exitCode !== null || run.child.signalCode !== null) return;
      run.kill('SIGINT');
      const killer = setTimeout(() => run.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/**
 * Opens the review in a page and waits until it is on `/`: the page's first
 * script spends the link's token for the session secret and takes it out of
 * the address bar.
 */
export async function openReview(page: Page, redline: RunningRedline): Promise<void> {
  await page.goto(redline.url);
  await page.waitForURL(`${redline.origin}/`);
}

/** Send Feedback with the dialog's defaults, as a reviewer does; resolves with redline's exit code. */
export async function sendFeedback(page: Page, redline: RunningRedline): Promise<number> {
  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(dialog.getByTestId('feedback-preview')).not.toBeEmpty();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();
  return redline.exited;
}
