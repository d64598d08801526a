/**
 * Runs the real `redline` command as a test agent would, one verb at a time
 * (`node apps/cli/bin/redline.js start …`, `wait …`): each call returns its
 * exit code and output once the process has exited.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reviewerLink as reviewerLinkIn } from '../../apps/cli/testSupport/inTerminal.mjs';
import { test } from '@playwright/test';
import { createFixtureRepo, type FixtureRepo } from './fixtureRepo';

export const REDLINE_BIN = fileURLToPath(new URL('../../apps/cli/bin/redline.js', import.meta.url));

export interface VerbRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runRedline(args: string[], cwd: string): Promise<VerbRun> {
  const child = spawn(process.execPath, [REDLINE_BIN, ...args], { cwd, env: { ...process.env, BROWSER: '' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr })));
}

/** What a review link looks like; no agent output may hold one (e2e/linkBoundary.spec.ts). */
export const REVIEW_LINK = /http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64}/;

/** The reviewer's own way to a review an agent started: `redline open --no-open` in a terminal of theirs. */
export function reviewerLink(cwd: string): Promise<string> {
  return reviewerLinkIn(REDLINE_BIN, cwd, { ...process.env, BROWSER: '' });
}

/**
 * The agent's loop: `redline wait --timeout 5` again and again (each exit 4,
 * still open, or 5, a question it leaves unanswered) until one exits
 * otherwise, or `rounds` waits have passed. Every run is kept, the ending one last.
 */
export async function loopWait(dir: string, rounds: number): Promise<{ waits: VerbRun[]; ended: VerbRun | null }> {
  const waits: VerbRun[] = [];
  for (let round = 0; round < rounds; round++) {
    const run = await runRedline(['wait', '--timeout', '5'], dir);
    waits.push(run);
    // 4: still open; 5: a question (a Reply on a proposal is one): this agent waits on for the feedback.
    if (run.code !== 4 && run.code !== 5) return { waits, ended: run };
  }
  return { waits, ended: null };
}

/**
 * A fresh fixture repository for each test of the file, its agent session
 * stopped (`redline stop`) and the directory removed after each: call at the
 * top of a spec, read the repository through the returned function.
 */
export function fixtureRepoPerTest(create: () => FixtureRepo = createFixtureRepo): () => FixtureRepo {
  let fixture: FixtureRepo | null = null;
  test.beforeEach(() => {
    fixture = create();
  });
  test.afterEach(async () => {
    await runRedline(['stop'], fixture!.dir);
    fixture!.cleanup();
  });
  return () => fixture!;
}

/** `redline annotate FILE` with these findings (`{ findings: [...] }`), written to `.git/findings.json` first. */
export async function postFindings(dir: string, findings: unknown[]): Promise<VerbRun> {
  const file = join(dir, '.git', 'findings.json');
  writeFileSync(file, JSON.stringify({ findings }));
  return runRedline(['annotate', file], dir);
}
