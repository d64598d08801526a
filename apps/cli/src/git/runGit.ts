/**
 * Runs git with `spawn` and collects its output as it streams, so a large
 * diff never hits a `maxBuffer` limit (exec/execFile fail at 1 MiB). Every
 * call gets the same config-neutral settings and environment.
 */
import { spawn } from 'node:child_process';
import { RedlineError } from '../errors.js';

/** Settings that would change paths or headers in git's output. */
const NEUTRAL_CONFIG = ['-c', 'core.quotepath=false', '-c', 'diff.noprefix=false'];

/** The largest output we accept from one git command (a JS string tops out near 512 MiB). */
export const MAX_GIT_OUTPUT_BYTES = 256 * 1024 * 1024;
const MAX_STDERR_BYTES = 64 * 1024;

export interface GitRunOptions {
  cwd: string;
  /** Written to git's stdin, which is then closed. */
  input?: string | Buffer;
  /** Exit codes that count as success (default: only 0). */
  okExitCodes?: readonly number[];
  maxBytes?: number;
  /** Set on top of gitEnvironment() (e.g. GIT_INDEX_FILE for a temporary index). */
  env?: Readonly<Record<string, string>>;
}

export interface GitResult {
  stdout: Buffer;
  stderr: string;
  exitCode: number;
}

/** The environment every git child gets: no prompts, no pager, no optional locks on the index. */
export function gitEnvironment(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  // A stray GIT_DIR or GIT_WORK_TREE (set by hooks, for example) would point
  // git away from the repository we were asked to review.
  delete env.GIT_DIR;
  delete env.GIT_WORK_TREE;
  delete env.GIT_INDEX_FILE;
  env.GIT_OPTIONAL_LOCKS = '0';
  env.GIT_TERMINAL_PROMPT = '0';
  env.GIT_PAGER = 'cat';
  env.PAGER = 'cat';
  return env;
}

/** Runs `git <args>`; rejects with a RedlineError when git fails or its output is too large. */
export async function runGit(args: readonly string[], options: GitRunOptions): Promise<GitResult> {
  const chunks: Buffer[] = [];
  let total = 0;
  const { stderr, exitCode } = await streamGit(args, options, (chunk) => {
    chunks.push(chunk);
    total += chunk.length;
  });
  return { stdout: Buffer.concat(chunks, total), stderr, exitCode };
}

/**
 * At most this many git processes at once in this process, however many
 * requests arrive together: 200 concurrent reloads once spawned 288 (many
 * concurrent readers, concurrency.test.ts). No git call waits on another's output, so a queue cannot
 * deadlock.
 */
export const MAX_GIT_PROCESSES = 8;
let gitRunning = 0;
const gitWaiting: (() => void)[] = [];

function acquireGitSlot(): Promise<void> {
  if (gitRunning < MAX_GIT_PROCESSES) {
    gitRunning++;
    return Promise.resolve();
  }
  return new Promise((resolve) => gitWaiting.push(resolve));
}

/** Hands the slot to the next waiting call, or frees it. */
function releaseGitSlot(): void {
  const next = gitWaiting.shift();
  if (next) next();
  else gitRunning--;
}

/**
 * Runs `git <args>` and hands each stdout chunk to `onStdout` as it arrives,
 * so a large output can be consumed while git is still writing it. Resolves
 * with git's stderr and exit code; rejects like runGit. An exception thrown
 * by `onStdout` stops git and becomes the rejection.
 */
export async function streamGit(
  args: readonly string[],
  options: GitRunOptions,
  onStdout: (chunk: Buffer) => void,
): Promise<{ stderr: string; exitCode: number }> {
  await acquireGitSlot();
  try {
    return await spawnGit(args, options, onStdout);
  } finally {
    releaseGitSlot();
  }
}

function spawnGit(
  args: readonly string[],
  options: GitRunOptions,
  onStdout: (chunk: Buffer) => void,
): Promise<{ stderr: string; exitCode: number }> {
  const okExitCodes = options.okExitCodes ?? [0];
  const maxBytes = options.maxBytes ?? MAX_GIT_OUTPUT_BYTES;
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...NEUTRAL_CONFIG, ...args], {
      cwd: options.cwd,
      env: { ...gitEnvironment(), ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    let total = 0;
    let stderr = '';
    let failure: unknown = null;

    child.stdout.on('data', (chunk: Buffer) => {
      if (failure) return;
      total += chunk.length;
      if (total > maxBytes) {
        failure = new RedlineError(
          'diff-too-large',
          `git ${args[0] ?? ''} produced more than ${Math.round(maxBytes / 1024 / 1024)} MiB of output; review a smaller change`,
        );
        child.kill();
        return;
      }
      try {
        onStdout(chunk);
      } catch (error) {
        failure = error;
        child.kill();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_STDERR_BYTES) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      failure ??=
        error.code === 'ENOENT'
          ? new RedlineError('git-missing', 'git was not found on PATH; install git to review a repository')
          : new RedlineError('git-failed', `could not run git: ${error.message}`);
    });
    child.stdin.on('error', () => {
      // git may exit before reading all its input (for example on a bad
      // object id); the exit code tells the real story.
    });
    child.stdin.end(options.input);
    child.on('close', (exitCode) => {
      if (failure) return reject(failure);
      const code = exitCode ?? -1;
      if (!okExitCodes.includes(code)) {
        return reject(new RedlineError('git-failed', describeGitFailure(args, code, stderr)));
      }
      resolve({ stderr, exitCode: code });
    });
  });
}

/** Runs git and returns stdout as UTF-8 text. */
export async function runGitText(args: readonly string[], options: GitRunOptions): Promise<string> {
  return (await runGit(args, options)).stdout.toString('utf8');
}

/** "git diff failed (exit 128): fatal: bad revision 'x'" — git's own first line, never a stack. */
export function describeGitFailure(args: readonly string[], exitCode: number, stderr: string): string {
  const firstLine = stderr.split('\n').find((line) => line.trim() !== '') ?? 'no message';
  return `git ${args[0] ?? ''} failed (exit ${exitCode}): ${firstLine.trim()}`;
}
