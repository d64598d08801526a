/**
 * Which GitHub API a pull request's host is reached at: `GITHUB_API_URL` when
 * it is set (the variable GitHub's own tooling reads; Enterprise hosts and test
 * servers are named that way), else `https://api.github.com` for github.com and
 * `https://HOST/api/v3` for a host that names itself GitHub (its first label is
 * `github`, as in github.example.com, or it is `GH_HOST`, the GitHub CLI's
 * variable). Any other host is refused in one line. See docs/cli.md,
 * "Review a pull request".
 */
import { RedlineError } from '../../errors.js';

export const GITHUB_COM = 'github.com';
export const GITHUB_COM_API = 'https://api.github.com';

export interface GitHubApi {
  /** The REST API's base URL, without a trailing slash. */
  baseUrl: string;
}

type ApiEnvironment = Readonly<Record<string, string | undefined>>;

function configuredApiUrl(env: ApiEnvironment): URL | undefined {
  const value = env.GITHUB_API_URL?.trim();
  if (value === undefined || value === '') return undefined;
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url;
  } catch {
    // refused just below, with the value named
  }
  throw new RedlineError('usage', `GITHUB_API_URL is not an http(s) URL: ${JSON.stringify(value.slice(0, 200))}`);
}

function withoutTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

/** A host the environment or its name says is a GitHub Enterprise Server. */
function isEnterpriseHost(host: string, env: ApiEnvironment): boolean {
  const ghHost = env.GH_HOST?.trim().toLowerCase();
  if (ghHost !== undefined && ghHost !== '' && ghHost === host) return true;
  return host.split('.')[0] === 'github' && host !== GITHUB_COM;
}

/** The API for a pull request on `host` (lower-case, as `parsePullRequestUrl` gives it). */
export function githubApiFor(host: string, env: ApiEnvironment = process.env): GitHubApi {
  const configured = configuredApiUrl(env);
  if (configured !== undefined) {
    if (host === GITHUB_COM || host === configured.host.toLowerCase()) {
      return { baseUrl: withoutTrailingSlash(configured.href) };
    }
    throw new RedlineError(
      'usage',
      `the pull request is on ${host}, but GITHUB_API_URL names the API of ${configured.host}: unset it or point it at ${host}'s API`,
    );
  }
  if (host === GITHUB_COM) return { baseUrl: GITHUB_COM_API };
  if (isEnterpriseHost(host, env)) return { baseUrl: `https://${host}/api/v3` };
  throw new RedlineError(
    'usage',
    `${host} is not a GitHub host redline knows: for GitHub Enterprise set GITHUB_API_URL=https://${host}/api/v3`,
  );
}
