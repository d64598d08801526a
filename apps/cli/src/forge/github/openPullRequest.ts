/**
 * `redline <PR URL>` and `redline pr N`: from the pull request to what a
 * review reads. Asks GitHub for the pull request (its base and head) and its
 * unresolved review threads, fetches both sides into the local repository
 * (fetchPullRequest.ts: objects and refs under refs/redline/forge/ only), and
 * hands back the range `base...head` to review as any commit range is, its
 * title for the page's header and the series key (the pull request, so a
 * pull request that moved continues its series). See docs/cli.md,
 * "Review a pull request".
 */
import type { PullRequestData } from '@redline/core';
import type { GitTargetSpec } from '../../git/resolveTarget.js';
import { forTerminal } from '../../terminal/forTerminal.js';
import { fetchPullRequest } from './fetchPullRequest.js';
import { forgeRemoteFor, pullRequestOfRemote } from './forgeRemote.js';
import { githubApiFor, GITHUB_COM } from './githubApi.js';
import { createGitHubClient, getPullRequest, listUnresolvedThreads } from './githubClient.js';
import { githubToken } from './githubToken.js';
import { pullRequestName, type PullRequestRef } from './pullRequestUrl.js';

/** Which pull request the command line named: by its URL, or by its number in this clone (`redline pr N`). */
export type PullRequestChoice = { by: 'url'; ref: PullRequestRef } | { by: 'number'; number: number };

export interface OpenedPullRequest {
  /** The range reviewed: the merge base of the pull request's base and its head, to the head. */
  spec: Extract<GitTargetSpec, { kind: 'range' }>;
  /** The page's header: "Pull request OWNER/REPO#N: title". */
  description: string;
  /** The series key, `OWNER/REPO#N`. */
  seriesKey: string;
  data: Omit<PullRequestData, 'baseSha'>;
}

type Environment = Readonly<Record<string, string | undefined>>;

export async function openPullRequest(
  root: string,
  choice: PullRequestChoice,
  env: Environment,
  note: (line: string) => void,
): Promise<OpenedPullRequest> {
  const ref = choice.by === 'url' ? choice.ref : await pullRequestOfRemote(root, choice.number, env.GH_HOST?.trim().toLowerCase() || GITHUB_COM);
  const name = pullRequestName(ref);
  const api = githubApiFor(ref.host, env);
  const client = createGitHubClient(api, await githubToken(ref.host, env));
  const [pull, threads] = await Promise.all([getPullRequest(client, ref), listUnresolvedThreads(client, ref)]);
  const remote = await forgeRemoteFor(root, ref);
  note(`Fetching pull request ${name} from ${remote.name ?? remote.fetchFrom}${pull.fromFork ? ` (its head is in ${pull.head.repoFullName ?? 'a deleted fork'})` : ''}...`);
  const sides = await fetchPullRequest(root, remote, ref, pull.base.sha);
  if (sides.headSha !== pull.head.sha) {
    note(`redline: pull request ${name} moved while it was fetched: reviewing its head as fetched, ${sides.headSha.slice(0, 12)}`);
  }
  const title = forTerminal(pull.title);
  return {
    spec: { kind: 'range', from: sides.baseSha, to: sides.headSha, symmetric: true },
    description: `Pull request ${name}: ${title}${pull.state === 'closed' ? (pull.merged ? ' (merged)' : ' (closed)') : ''}`,
    seriesKey: name,
    data: { forge: 'github', host: ref.host, owner: ref.owner, repo: ref.repo, number: ref.number, title: pull.title, url: `https://${ref.host}/${ref.owner}/${ref.repo}/pull/${ref.number}`, headSha: sides.headSha, threads },
  };
}
