/**
 * A GitHub API refusal as one line and a code of the CLI's table (errors.ts,
 * docs/cli.md "Exit codes"): 404 the pull request not found (named), 401 a bad
 * token, 403 no access, 403/429 rate limited (with the time to wait, from
 * `retry-after` or `x-ratelimit-reset`), the API out of reach. No message ever
 * holds the token or an Authorization header: what GitHub said is scrubbed of
 * the token before it is quoted.
 */
import { GraphqlResponseError } from '@octokit/graphql';
import { RedlineError } from '../../errors.js';
import type { GitHubApi } from './githubApi.js';
import type { GitHubToken } from './githubToken.js';
import { pullRequestName, type PullRequestRef } from './pullRequestUrl.js';

export interface ForgeErrorContext {
  ref: PullRequestRef;
  api: GitHubApi;
  token: GitHubToken;
}

type Headers = Readonly<Record<string, string | number | undefined>>;

/** What Octokit's RequestError (`name` "HttpError") carries that is read here. */
interface HttpError {
  status: number;
  message: string;
  response?: { headers: Headers };
}

function isHttpError(error: unknown): error is HttpError {
  return error instanceof Error && error.name === 'HttpError' && typeof (error as { status?: unknown }).status === 'number';
}

/** What GitHub said, on one line, without the token, at most 200 characters. */
export function scrubbed(text: string, token: GitHubToken): string {
  const oneLine = text.replaceAll(token.value, '[token]').replace(/\s+/g, ' ').trim();
  return oneLine.length > 200 ? `${oneLine.slice(0, 199)}…` : oneLine;
}

function headerNumber(headers: Headers, name: string): number | undefined {
  const value = headers[name];
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** Seconds until the limit resets, from `retry-after` (seconds) or `x-ratelimit-reset` (epoch seconds). */
export function rateLimitWait(headers: Headers, now: number = Date.now()): number | undefined {
  const retryAfter = headerNumber(headers, 'retry-after');
  if (retryAfter !== undefined) return Math.max(0, Math.ceil(retryAfter));
  const reset = headerNumber(headers, 'x-ratelimit-reset');
  if (reset !== undefined) return Math.max(0, Math.ceil(reset - now / 1000));
  return undefined;
}

/** "42 s", "3 min", "2 h 5 min" and the clock time (UTC) it ends at. */
export function waitWords(seconds: number, now: number = Date.now()): string {
  const at = new Date(now + seconds * 1000).toISOString().slice(11, 16);
  if (seconds < 60) return `${seconds} s (at ${at} UTC)`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min (at ${at} UTC)`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min (at ${at} UTC)`;
}

function isRateLimited(status: number, headers: Headers): boolean {
  if (status === 429) return true;
  return status === 403 && (headers['x-ratelimit-remaining'] === '0' || headers['retry-after'] !== undefined);
}

function fromHttpError(error: HttpError, context: ForgeErrorContext): RedlineError {
  const name = pullRequestName(context.ref);
  const source = context.token.source;
  const headers: Headers = error.response?.headers ?? {};
  const said = scrubbed(error.message, context.token);
  if (error.response === undefined) {
    return new RedlineError('forge-unreachable', `cannot reach the GitHub API at ${context.api.baseUrl}: ${said}`);
  }
  const status = error.status;
  if (isRateLimited(status, headers)) {
    const wait = rateLimitWait(headers);
    const when = wait === undefined ? 'try again later' : `try again in ${waitWords(wait)}`;
    return new RedlineError('forge-rate-limited', `GitHub's rate limit is reached (${status}): ${when}`);
  }
  if (status === 401) {
    return new RedlineError('forge-bad-token', `GitHub refused the token from ${source} (401: ${said}): it is wrong or expired`);
  }
  if (status === 403) {
    return new RedlineError(
      'forge-forbidden',
      `the token from ${source} may not do this on ${context.ref.owner}/${context.ref.repo} (403: ${said}): it needs the repo scope (or "Pull requests" access)`,
    );
  }
  if (status === 404) {
    return new RedlineError(
      'forge-not-found',
      `pull request ${name} not found on ${context.ref.host} (404; a private repository the token from ${source} cannot see looks the same)`,
    );
  }
  return new RedlineError('forge-failed', `the GitHub API answered ${status} for ${name}: ${said}`);
}

/** Any failure of a GitHub call, as the CLI's one line; a RedlineError passes through. */
export function forgeError(error: unknown, context: ForgeErrorContext): RedlineError {
  if (error instanceof RedlineError) return error;
  if (isHttpError(error)) return fromHttpError(error, context);
  if (error instanceof GraphqlResponseError) {
    const said = scrubbed(error.errors?.map((item) => item.message).join('; ') ?? error.message, context.token);
    const notFound = error.errors?.some((item) => item.type === 'NOT_FOUND') === true;
    return notFound
      ? new RedlineError('forge-not-found', `pull request ${pullRequestName(context.ref)} not found on ${context.ref.host} (${said})`)
      : new RedlineError('forge-failed', `GitHub's GraphQL API refused the review threads query: ${said}`);
  }
  const said = scrubbed(error instanceof Error ? error.message : String(error), context.token);
  return new RedlineError('forge-unreachable', `cannot reach the GitHub API at ${context.api.baseUrl}: ${said}`);
}
