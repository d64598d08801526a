/**
 * The GitHub API through GitHub's own clients: `@octokit/rest` for REST and
 * `@octokit/graphql` for the review threads (REST does not say whether a thread
 * is resolved). No retries, no logging: a refusal reaches `forgeErrors.ts` at
 * once and nothing is written anywhere. Each function below is one question to
 * the API, typed by what the review and the publish side read from it.
 */
import { Octokit, type RestEndpointMethodTypes } from '@octokit/rest';
import { graphql } from '@octokit/graphql';
import type { ForgeThread } from '@redline/core';
import { readVersion } from '../../readVersion.js';
import type { GitHubApi } from './githubApi.js';
import type { GitHubToken } from './githubToken.js';
import type { PullRequestRef } from './pullRequestUrl.js';
import { forgeError } from './forgeErrors.js';

export interface GitHubClient {
  rest: Octokit;
  graphql: typeof graphql;
  api: GitHubApi;
  /** Kept to name its source in messages and to scrub it from any text shown. */
  token: GitHubToken;
}

const SILENT = { debug() {}, info() {}, warn() {}, error() {} };

/** How long one request may take before it counts as the API out of reach. */
export const GITHUB_REQUEST_TIMEOUT_MS = 30_000;

/** Node's fetch, with a deadline on every request that has none of its own. */
function fetchWithin(timeoutMs: number): typeof fetch {
  return (input, init) => fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) });
}

export function createGitHubClient(api: GitHubApi, token: GitHubToken, timeoutMs = GITHUB_REQUEST_TIMEOUT_MS): GitHubClient {
  const userAgent = `redline/${readVersion()}`;
  const request = { fetch: fetchWithin(timeoutMs) };
  const rest = new Octokit({
    baseUrl: api.baseUrl,
    auth: token.value,
    userAgent,
    log: SILENT,
    // @octokit/rest has no retry or throttling plugin: each call is one request.
    request: { ...request, retries: 0 },
  });
  const query = graphql.defaults({
    baseUrl: api.baseUrl,
    headers: { authorization: `token ${token.value}`, 'user-agent': userAgent },
    request,
  });
  return { rest, graphql: query, api, token };
}

function pullParams(ref: PullRequestRef): { owner: string; repo: string; pull_number: number } {
  return { owner: ref.owner, repo: ref.repo, pull_number: ref.number };
}

/** Runs one API call; a refusal becomes the forge's one-line RedlineError. */
async function asked<T>(client: GitHubClient, ref: PullRequestRef, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw forgeError(error, { ref, api: client.api, token: client.token });
  }
}

export interface PullRequestSide {
  sha: string;
  ref: string;
  /** `OWNER/REPO` of the side's repository; `null` for a head whose fork was deleted. */
  repoFullName: string | null;
}

export interface PullRequest {
  number: number;
  title: string;
  state: 'open' | 'closed';
  merged: boolean;
  htmlUrl: string;
  base: PullRequestSide;
  head: PullRequestSide;
  /** Whether the head lives in another repository than the base (a fork's pull request). */
  fromFork: boolean;
}

export async function getPullRequest(client: GitHubClient, ref: PullRequestRef): Promise<PullRequest> {
  const { data } = await asked(client, ref, () => client.rest.pulls.get(pullParams(ref)));
  const baseRepo = data.base.repo.full_name;
  const headRepo = data.head.repo?.full_name ?? null;
  return {
    number: data.number,
    title: data.title,
    state: data.state === 'closed' ? 'closed' : 'open',
    merged: data.merged,
    htmlUrl: data.html_url,
    base: { sha: data.base.sha, ref: data.base.ref, repoFullName: baseRepo },
    head: { sha: data.head.sha, ref: data.head.ref, repoFullName: headRepo },
    fromFork: headRepo === null || headRepo.toLowerCase() !== baseRepo.toLowerCase(),
  };
}

export type PullReview = RestEndpointMethodTypes['pulls']['listReviews']['response']['data'][number];

/** Every review of the pull request, all pages. */
export function listPullReviews(client: GitHubClient, ref: PullRequestRef): Promise<PullReview[]> {
  return asked(client, ref, () => client.rest.paginate(client.rest.pulls.listReviews, { ...pullParams(ref), per_page: 100 }));
}

type CreateReviewParameters = RestEndpointMethodTypes['pulls']['createReview']['parameters'];
export type CreatePullReviewPayload = Omit<CreateReviewParameters, 'owner' | 'repo' | 'pull_number'>;
export type CreatedPullReview = RestEndpointMethodTypes['pulls']['createReview']['response']['data'];

/** Creates one review, comments included, in one request (GitHub creates it whole or not at all). */
export async function createPullReview(
  client: GitHubClient,
  ref: PullRequestRef,
  payload: CreatePullReviewPayload,
): Promise<CreatedPullReview> {
  const { data } = await asked(client, ref, () => client.rest.pulls.createReview({ ...pullParams(ref), ...payload }));
  return data;
}

/** The review threads query; each field is checked against GitHub's published schema by the tests' contract forge. */
export const REVIEW_THREADS_QUERY = `
  query ReviewThreads($owner: String!, $repo: String!, $number: Int!, $after: String) {
    repository(owner: $owner, name: $repo) {
      pullRequest(number: $number) {
        reviewThreads(first: 50, after: $after) {
          pageInfo { hasNextPage endCursor }
          nodes {
            id
            isResolved
            isOutdated
            path
            line
            startLine
            diffSide
            comments(first: 50) {
              nodes { author { login } body createdAt }
            }
          }
        }
      }
    }
  }
`;

interface ThreadNode {
  id: string;
  isResolved: boolean;
  isOutdated: boolean;
  path: string;
  line: number | null;
  startLine: number | null;
  diffSide: 'LEFT' | 'RIGHT';
  comments: { nodes: ({ author: { login: string } | null; body: string; createdAt: string } | null)[] | null };
}

interface ReviewThreadsAnswer {
  repository: {
    pullRequest: {
      reviewThreads: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: (ThreadNode | null)[] | null };
    } | null;
  } | null;
}

/** The most threads read (20 pages of 50): a pull request with more shows the first ones. */
const MAX_THREAD_PAGES = 20;

function toForgeThread(node: ThreadNode): ForgeThread {
  return {
    id: node.id,
    path: node.path,
    line: node.line,
    startLine: node.startLine,
    side: node.diffSide,
    isOutdated: node.isOutdated,
    comments: (node.comments.nodes ?? []).flatMap((comment) =>
      comment === null ? [] : [{ author: comment.author?.login ?? 'ghost', body: comment.body, createdAt: comment.createdAt }],
    ),
  };
}

/** The pull request's unresolved review threads, all pages (up to 1,000 threads). */
export async function listUnresolvedThreads(client: GitHubClient, ref: PullRequestRef): Promise<ForgeThread[]> {
  const threads: ForgeThread[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_THREAD_PAGES; page++) {
    const variables = { owner: ref.owner, repo: ref.repo, number: ref.number, after };
    const answer: ReviewThreadsAnswer = await asked(client, ref, () =>
      client.graphql<ReviewThreadsAnswer>(REVIEW_THREADS_QUERY, variables),
    );
    const connection = answer.repository?.pullRequest?.reviewThreads;
    if (!connection) break;
    for (const node of connection.nodes ?? []) if (node !== null && !node.isResolved) threads.push(toForgeThread(node));
    if (!connection.pageInfo.hasNextPage || connection.pageInfo.endCursor === null) break;
    after = connection.pageInfo.endCursor;
  }
  return threads;
}
