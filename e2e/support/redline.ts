/**
 * Starts the real `redline` command for a Playwright test:
 * `node apps/cli/bin/redline.js --no-open ...args` (build it first with
 * `npx tsc -b apps/cli`), and reads the review URL from its stderr.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

const BIN = fileURLToPath(new URL('../../apps/cli/bin/redline.js', import.meta.url));

export interface RunningRedline {
  /** The tokened review URL (single use: give it to one browser page). */
  url: string;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  process: ChildProcessWithoutNullStreams;
  stdout(): string;
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
  const child = spawn(options.command ?? process.execPath, options.command ? args : [BIN, ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number>((resolve) =>
    child.on('close', (code, signal) => resolve(code ?? (signal === 'SIGKILL' ? 137 : signal === 'SIGTERM' ? 143 : 130))),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redline printed no review URL within 30 s; stderr:\n${stderr}`)), 30_000);
    child.stderr.on('data', () => {
      const match = /^Review: (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64})$/m.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`redline exited with ${code} before printing a review URL; stderr:\n${stderr}`));
    });
  });
  return {
    url,
    origin: new URL(url).origin,
    process: child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
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
