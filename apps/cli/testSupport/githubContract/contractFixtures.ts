/**
 * The contract forge's answers, built from GitHub's own examples in its
 * OpenAPI description with the state's facts put in (numbers, shas, refs,
 * repositories, logins). The server checks each against the operation's
 * response schema before sending it.
 */
import type { OpenApiContract } from './openApiContract.js';
import type { ContractForgeState, ContractPull, ContractReview, ContractReviewState, ContractSide } from './contractState.js';

type JsonObject = Record<string, unknown>;

function withLogin(user: unknown, login: string): JsonObject {
  return { ...(user as JsonObject), login, html_url: `https://github.com/${login}`, url: `https://api.github.com/users/${login}` };
}

function sideJson(example: unknown, side: ContractSide): JsonObject {
  const json = example as JsonObject;
  const owner = side.repo?.split('/')[0] ?? 'ghost';
  const repo =
    side.repo === null
      ? null
      : {
          ...(json.repo as JsonObject),
          name: side.repo.split('/')[1],
          full_name: side.repo,
          html_url: `https://github.com/${side.repo}`,
          owner: withLogin((json.repo as JsonObject).owner, owner),
        };
  return { ...json, label: `${owner}:${side.ref}`, ref: side.ref, sha: side.sha, user: withLogin(json.user, owner), repo };
}

/** `GET /repos/{owner}/{repo}/pulls/{pull_number}`'s answer. */
export function pullJson(contract: OpenApiContract, state: ContractForgeState, pull: ContractPull): JsonObject {
  const json = contract.example('pull-request');
  const html = `https://github.com/${state.owner}/${state.repo}/pull/${pull.number}`;
  return {
    ...json,
    number: pull.number,
    title: pull.title,
    state: pull.state,
    html_url: html,
    requested_teams: [],
    merged: false,
    base: sideJson(json.base, pull.base),
    head: sideJson(json.head, pull.head),
    _links: { ...(json._links as JsonObject), html: { href: html } },
  };
}

/** One review as `GET …/reviews` and `POST …/reviews` answer it. */
export function reviewJson(contract: OpenApiContract, repoUrl: string, pull: ContractPull, review: ContractReview): JsonObject {
  const json = contract.example('pull-request-review');
  const html = `${repoUrl}/pull/${pull.number}#pullrequestreview-${review.id}`;
  return {
    ...json,
    id: review.id,
    user: withLogin(json.user, review.author),
    body: review.body,
    state: review.state,
    commit_id: review.commitId,
    submitted_at: review.submittedAt,
    html_url: html,
    _links: { ...(json._links as JsonObject), html: { href: html } },
  };
}

const STATE_FOR_EVENT: Readonly<Record<string, ContractReviewState>> = {
  APPROVE: 'APPROVED',
  REQUEST_CHANGES: 'CHANGES_REQUESTED',
  COMMENT: 'COMMENTED',
};

let nextReviewId = 1000;

/** The review a `POST …/reviews` creates (its body already checked against the contract). */
export function reviewFromPayload(state: ContractForgeState, pull: ContractPull, payload: unknown): ContractReview {
  const body = (payload ?? {}) as { event?: string; body?: string; commit_id?: string; comments?: unknown[] };
  return {
    id: nextReviewId++,
    author: state.login,
    body: body.body ?? '',
    state: (body.event === undefined ? undefined : STATE_FOR_EVENT[body.event]) ?? 'PENDING',
    commitId: body.commit_id ?? pull.head.sha,
    submittedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    comments: body.comments ?? [],
  };
}
