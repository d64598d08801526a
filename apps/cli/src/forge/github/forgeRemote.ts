/**
 * Which of the repository's remotes holds a pull request's objects: the one
 * whose URL names OWNER/REPO in any of git's forms (https, `ssh://`,
 * `git@HOST:OWNER/REPO.git`, a path on disk ending in `OWNER/REPO[.git]`),
 * else the repository's URL on its host itself. For `redline pr N` the
 * repository is the remote's: `upstream`, then `origin`, then the only remote
 * that names one. Remotes are read with `git config` (nothing is written).
 * See docs/cli.md, "Review a pull request".
 */
import { RedlineError } from '../../errors.js';
import { runGit } from '../../git/runGit.js';
import { GITHUB_COM } from './githubApi.js';
import { isGitHubRepositoryName, type PullRequestRef } from './pullRequestUrl.js';

/** A repository a remote's URL names; `host` null for a path on disk (any host). */
export interface RemoteRepository {
  host: string | null;
  owner: string;
  repo: string;
}

export interface ForgeRemote {
  /** The remote's name, or its URL when no remote names the repository. */
  fetchFrom: string;
  /** The remote's name, for messages; null when the URL is used. */
  name: string | null;
}

const SCP_LIKE = /^[A-Za-z0-9._-]+@([A-Za-z0-9.-]+):(.*)$/;

function ownerAndRepo(path: string): { owner: string; repo: string } | null {
  const parts = path.split('/').filter((part) => part !== '');
  const repo = parts.at(-1);
  const owner = parts.at(-2);
  if (repo === undefined || owner === undefined) return null;
  const name = repo.endsWith('.git') ? repo.slice(0, -'.git'.length) : repo;
  return isGitHubRepositoryName(owner, name) ? { owner, repo: name } : null;
}

/** The repository a remote URL names, or null when it names none. */
export function remoteRepository(url: string): RemoteRepository | null {
  const scp = SCP_LIKE.exec(url);
  if (scp && !url.includes('://')) {
    const named = ownerAndRepo(scp[2] ?? '');
    return named && { host: (scp[1] ?? '').toLowerCase(), ...named };
  }
  if (url.includes('://')) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    const named = ownerAndRepo(decodeURIComponent(parsed.pathname));
    if (named === null) return null;
    return { host: parsed.protocol === 'file:' ? null : parsed.hostname.toLowerCase(), ...named };
  }
  const named = ownerAndRepo(url);
  return named && { host: null, ...named };
}

function sameHost(remoteHost: string | null, host: string): boolean {
  if (remoteHost === null) return true;
  // An ssh remote names the host without its port (and github.com's ssh host is the same name).
  return remoteHost === host.split(':')[0] || (host === GITHUB_COM && remoteHost === 'ssh.github.com');
}

async function readRemotes(root: string): Promise<{ name: string; url: string }[]> {
  const result = await runGit(['config', '--null', '--get-regexp', '^remote\\..*\\.url$'], { cwd: root, okExitCodes: [0, 1] });
  return result.stdout
    .toString('utf8')
    .split('\0')
    .filter((entry) => entry !== '')
    .flatMap((entry) => {
      const newline = entry.indexOf('\n');
      const key = entry.slice(0, newline);
      const name = key.slice('remote.'.length, -'.url'.length);
      return newline > 0 && name !== '' ? [{ name, url: entry.slice(newline + 1) }] : [];
    });
}

/** The remote that holds the pull request's repository, else its URL on the host. */
export async function forgeRemoteFor(root: string, ref: PullRequestRef): Promise<ForgeRemote> {
  for (const remote of await readRemotes(root)) {
    const named = remoteRepository(remote.url);
    if (
      named !== null &&
      sameHost(named.host, ref.host) &&
      named.owner.toLowerCase() === ref.owner.toLowerCase() &&
      named.repo.toLowerCase() === ref.repo.toLowerCase()
    ) {
      return { fetchFrom: remote.name, name: remote.name };
    }
  }
  return { fetchFrom: `https://${ref.host}/${ref.owner}/${ref.repo}.git`, name: null };
}

/** `redline pr N`: the pull request N of the repository the clone's remote names. */
export async function pullRequestOfRemote(root: string, number: number, defaultHost: string): Promise<PullRequestRef> {
  const remotes = (await readRemotes(root)).flatMap((remote) => {
    const named = remoteRepository(remote.url);
    return named === null ? [] : [{ ...remote, named }];
  });
  const chosen =
    remotes.find((remote) => remote.name === 'upstream') ??
    remotes.find((remote) => remote.name === 'origin') ??
    (remotes.length === 1 ? remotes[0] : undefined);
  if (chosen === undefined) {
    const why = remotes.length === 0 ? 'no remote names a repository' : `several remotes name repositories (${remotes.map((remote) => remote.name).join(', ')}) and none is upstream or origin`;
    throw new RedlineError('usage', `redline pr ${number}: ${why}; give the pull request's URL instead`);
  }
  return { host: chosen.named.host ?? defaultHost, owner: chosen.named.owner, repo: chosen.named.repo, number };
}
