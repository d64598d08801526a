/**
 * Running git for the bench: a fixed identity and fixed dates (so commit ids
 * are the same on every run), no global or system config (so nobody's
 * aliases, hooks, signing or autocrlf leak in), and `spawn` with streaming so
 * a 20 MB diff never hits a maxBuffer.
 */
import { spawn } from 'node:child_process';

export const GIT_DATE = '2026-01-01T00:00:00+0000';

/** The environment every bench git command runs with. */
export function benchGitEnv(extra = {}) {
  return {
    ...process.env,
    GIT_AUTHOR_NAME: 'Redline Bench',
    GIT_AUTHOR_EMAIL: 'bench@redline.invalid',
    GIT_AUTHOR_DATE: GIT_DATE,
    GIT_COMMITTER_NAME: 'Redline Bench',
    GIT_COMMITTER_EMAIL: 'bench@redline.invalid',
    GIT_COMMITTER_DATE: GIT_DATE,
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    ...extra,
  };
}

/**
 * Runs `git args` in `cwd` and resolves with stdout as a Buffer (or only its
 * byte count when `discardOutput`). Rejects with a one-line message naming the
 * command when git exits with a code not in `okCodes`.
 */
export function git(cwd, args, { env = {}, input, discardOutput = false, okCodes = [0] } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd, env: benchGitEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks = [];
    let bytes = 0;
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      bytes += chunk.length;
      if (!discardOutput) chunks.push(chunk);
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (!okCodes.includes(code)) {
        reject(new Error(`git ${args.slice(0, 4).join(' ')} failed in ${cwd} (exit ${code}): ${stderr.trim().split('\n')[0]}`));
        return;
      }
      resolve(discardOutput ? bytes : Buffer.concat(chunks));
    });
    if (input !== undefined) child.stdin.end(input);
    else child.stdin.end();
  });
}

export async function gitText(cwd, args, options) {
  return (await git(cwd, args, options)).toString('utf8').trim();
}

/**
 * The config-neutral flags the notes (§A4) recommend for reading a diff; the
 * baseline `git diff` the review endpoint is compared with uses them too, so
 * the ratio compares like with like.
 */
export const NEUTRAL_DIFF_FLAGS = ['--no-ext-diff', '--no-textconv', '--no-color', '--src-prefix=a/', '--dst-prefix=b/', '--no-relative', '-M'];
