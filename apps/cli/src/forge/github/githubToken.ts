/**
 * The token the GitHub API is called with: `GH_TOKEN`, else `GITHUB_TOKEN`,
 * else what the GitHub CLI holds (`gh auth token --hostname HOST`, when `gh` is
 * installed; its absence is not an error). The token is only ever handed to the
 * client: never printed, logged, put in a message or written anywhere. See
 * docs/cli.md, "Review a pull request".
 */
import { execFile } from 'node:child_process';
import { RedlineError } from '../../errors.js';

export type TokenSource = 'GH_TOKEN' | 'GITHUB_TOKEN' | 'gh auth token';

export interface GitHubToken {
  value: string;
  /** Where it came from, the only thing about it a message may name. */
  source: TokenSource;
}

/** How long `gh auth token` may take: it only reads its config (or the keyring). */
const GH_TIMEOUT_MS = 5_000;

type TokenEnvironment = Readonly<Record<string, string | undefined>>;

function fromGh(host: string, env: TokenEnvironment): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      'gh',
      ['auth', 'token', '--hostname', host],
      { env: { ...env, GH_PROMPT_DISABLED: '1', NO_COLOR: '1' }, timeout: GH_TIMEOUT_MS, windowsHide: true },
      (error, stdout) => {
        // gh missing (ENOENT), logged out (exit 1) or too slow: no token from it.
        if (error) return resolve(undefined);
        const token = stdout.trim();
        resolve(token === '' || /\s/.test(token) ? undefined : token);
      },
    );
  });
}

/** The token for `host`, or a RedlineError that names the three places it is looked for. */
export async function githubToken(host: string, env: TokenEnvironment = process.env): Promise<GitHubToken> {
  for (const source of ['GH_TOKEN', 'GITHUB_TOKEN'] as const) {
    const value = env[source]?.trim();
    if (value !== undefined && value !== '') return { value, source };
  }
  const fromCli = await fromGh(host, env);
  if (fromCli !== undefined) return { value: fromCli, source: 'gh auth token' };
  throw new RedlineError(
    'no-token',
    `no GitHub token for ${host}: set GH_TOKEN or GITHUB_TOKEN, or log in with the GitHub CLI (gh auth login)`,
  );
}
