/**
 * A GitHub pull request's address: `https://HOST/OWNER/REPO/pull/N`, on
 * github.com or a GitHub Enterprise host, with the page's own tails accepted
 * (`/files`, `/commits`, `/checks`, `#…`, `?…`). Parsed with `new URL` and a
 * split, never a regex over the whole text; each part is checked with a short
 * anchored pattern (linear). See docs/cli.md, "Review a pull request".
 */
import { RedlineError } from '../../errors.js';

export interface PullRequestRef {
  /** The forge's host, lower-case, with its port if it has one (`github.com`). */
  host: string;
  owner: string;
  repo: string;
  number: number;
}

/** GitHub's logins: letters, digits and single hyphens, at most 39 characters. */
const OWNER = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/;
/** GitHub's repository names: letters, digits, `.`, `_` and `-`, at most 100 characters. */
const REPO = /^[A-Za-z0-9._-]{1,100}$/;
const NUMBER = /^[1-9][0-9]{0,9}$/;
/** The pull request page's tabs that may follow its number. */
const PULL_TABS: ReadonlySet<string> = new Set(['files', 'commits', 'checks', 'changes']);

/** Whether OWNER and REPO are names GitHub could have given (so they can be asked for). */
export function isGitHubRepositoryName(owner: string, repo: string): boolean {
  return OWNER.test(owner) && REPO.test(repo) && repo !== '.' && repo !== '..';
}

/** Whether a target looks like a web address (so it is read as one, and refused as one). */
export function looksLikeUrl(text: string): boolean {
  return text.startsWith('https://') || text.startsWith('http://');
}

/** `OWNER/REPO#N`, the one spelling of a pull request in messages and the page's header. */
export function pullRequestName(ref: PullRequestRef): string {
  return `${ref.owner}/${ref.repo}#${ref.number}`;
}

function malformed(text: string, why: string): RedlineError {
  return new RedlineError(
    'usage',
    `not a pull request URL: ${JSON.stringify(text.slice(0, 200))} (${why}; expected https://HOST/OWNER/REPO/pull/N)`,
  );
}

/** Reads a pull request's URL; a malformed URL or one of another page is a usage error that says which. */
export function parsePullRequestUrl(text: string): PullRequestRef {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw malformed(text, 'not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw malformed(text, `the scheme is ${url.protocol}`);
  if (url.username !== '' || url.password !== '') throw malformed(text, 'it carries a user name or password');
  const parts = url.pathname.split('/').filter((part) => part !== '');
  const [owner, repo, kind, number, tab] = parts;
  if (owner === undefined || repo === undefined) throw malformed(text, 'no OWNER/REPO');
  if (kind !== 'pull') {
    throw malformed(text, kind === undefined ? 'a repository, not a pull request' : `a "${kind}" page, not a pull request`);
  }
  if (number === undefined || !NUMBER.test(number)) throw malformed(text, 'no pull request number after /pull/');
  if (tab !== undefined && !PULL_TABS.has(tab)) throw malformed(text, `unknown page "${tab}" after the number`);
  if (tab !== 'commits' && parts.length > 5) throw malformed(text, 'unexpected path after the number');
  if (!OWNER.test(owner)) throw malformed(text, `"${owner}" is not a GitHub owner`);
  const repoName = repo.endsWith('.git') ? repo.slice(0, -'.git'.length) : repo;
  if (!isGitHubRepositoryName(owner, repoName)) throw malformed(text, `"${repo}" is not a GitHub repository name`);
  return { host: url.host.toLowerCase(), owner, repo: repoName, number: Number(number) };
}
