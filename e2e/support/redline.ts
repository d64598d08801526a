/**
 * Starts the real `redline` command for a Playwright test as a person runs
 * it, stderr on a terminal: `node apps/cli/bin/redline.js --no-open ...args`
 * (build it first with `npx tsc -b apps/cli`), and reads the review URL from
 * the terminal, the only place redline prints it. Each run has a fresh
 * XDG_CONFIG_HOME of its own: it never reads or writes the developer's real
 * preferences, and `preferences` configures it as a reviewer's file would.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PREFERENCES, type LayoutSettings, type Preferences, type Settings } from '@redline/core';
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
  /** The reviewer's preferences file as it is now (the defaults while there is none). */
  preferences(): Preferences;
  /** Its XDG_CONFIG_HOME: give it to a later run of the same reviewer (`configHome`). */
  configHome: string;
}

/** What a test sets in the reviewer's preferences file before redline starts; the rest are the defaults. */
export interface PreferencesChoice {
  settings?: Partial<Settings>;
  layout?: Partial<LayoutSettings>;
  reviewer?: string;
}

export interface StartOptions {
  cwd: string;
  /** A subcommand that comes first (`redline compare --no-open ...args`). */
  subcommand?: 'compare';
  args?: string[];
  env?: NodeJS.ProcessEnv;
  /** An installed `redline` executable to run instead of the repository's (e2e/tarball.spec.ts). */
  command?: string;
  /** Written to the run's own preferences file before it starts. */
  preferences?: PreferencesChoice;
  /** The same reviewer as an earlier run (its `configHome`): their preferences, the name included, carry over. */
  configHome?: string;
}

/** The runs' config folders, removed when the test process ends (a test may read the file after redline exits). */
const configHomes: string[] = [];
process.on('exit', () => {
  for (const home of configHomes) rmSync(home, { recursive: true, force: true });
});

/** A fresh XDG_CONFIG_HOME (or `reused`) holding `choice` as redline/preferences.json (none without a choice). */
function preferencesHome(choice: PreferencesChoice | undefined, reused: string | undefined): { home: string; file: string } {
  const home = reused ?? mkdtempSync(join(tmpdir(), 'redline-e2e-config-'));
  if (!reused) configHomes.push(home);
  const file = join(home, 'redline', 'preferences.json');
  if (choice) {
    mkdirSync(join(home, 'redline'), { recursive: true, mode: 0o700 });
    const preferences: Preferences = {
      settings: { ...DEFAULT_PREFERENCES.settings, ...choice.settings },
      layout: { ...DEFAULT_PREFERENCES.layout, ...choice.layout },
      reviewer: choice.reviewer ?? DEFAULT_PREFERENCES.reviewer,
    };
    writeFileSync(file, JSON.stringify(preferences), { mode: 0o600 });
  }
  return { home, file };
}

export async function startRedline(options: StartOptions): Promise<RunningRedline> {
  const args = [...(options.subcommand ? [options.subcommand] : []), '--no-open', ...(options.args ?? [])];
  const config = preferencesHome(options.preferences, options.configHome);
  const run = spawnInTerminal(options.command ?? process.execPath, options.command ? args : [BIN, ...args], {
    cwd: options.cwd,
    env: { ...process.env, XDG_CONFIG_HOME: config.home, ...options.env },
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
    configHome: config.home,
    preferences() {
      try {
        return JSON.parse(readFileSync(config.file, 'utf8')) as Preferences;
      } catch {
        return DEFAULT_PREFERENCES;
      }
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
