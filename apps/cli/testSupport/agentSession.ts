/**
 * The real `redline` process as an agent runs it (node apps/cli/bin/redline.js,
 * built by buildCli): any verb, and `start` with the review link the reviewer
 * gets in their own terminal (inTerminal.mjs's reviewerLink: `redline open`).
 */
import { spawn } from 'node:child_process';
import { CLI_BIN } from './buildCli.js';
import { reviewerLink } from './inTerminal.mjs';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface StartedSession {
  session: string;
  pid: number;
  port: number;
  /** The reviewer's link, from `redline open` in a terminal (open it with browserSession's signInAsPage). */
  url: string;
  run: CliRun;
}

export function runRedline(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<CliRun> {
  const begun = Date.now();
  const child = spawn(process.execPath, [CLI_BIN, ...args], { cwd, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((done) => child.on('close', (code) => done({ code: code ?? -1, stdout, stderr, ms: Date.now() - begun })));
}

/** `redline start --no-open --json`, then the reviewer's link; throws with its stderr when start fails. */
export async function startSession(cwd: string, env: NodeJS.ProcessEnv): Promise<StartedSession> {
  const run = await runRedline(['start', '--no-open', '--json'], cwd, env);
  if (run.code !== 0) throw new Error(`redline start exited ${run.code}: ${run.stderr}`);
  const answer = JSON.parse(run.stdout) as { session: string; pid: number; port: number };
  const url = await reviewerLink(CLI_BIN, cwd, env);
  return { ...answer, url, run };
}
