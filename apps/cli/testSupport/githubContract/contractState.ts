/**
 * The contract forge's state, small and explicit: one repository, its pull
 * requests (base and head), their reviews and review threads. Tests build it,
 * the server answers from it and records what it was sent (a created review
 * joins its pull request's reviews).
 */
export interface ContractSide {
  ref: string;
  sha: string;
  /** `OWNER/REPO` of the side's repository; `null` for a head whose fork was deleted. */
  repo: string | null;
}

export interface ContractThreadComment {
  author: string;
  body: string;
  createdAt: string;
}

export interface ContractThread {
  id: string;
  path: string;
  line: number | null;
  startLine: number | null;
  side: 'LEFT' | 'RIGHT';
  isResolved: boolean;
  isOutdated: boolean;
  comments: ContractThreadComment[];
}

export type ContractReviewState = 'COMMENTED' | 'APPROVED' | 'CHANGES_REQUESTED' | 'PENDING';

export interface ContractReview {
  id: number;
  author: string;
  body: string;
  state: ContractReviewState;
  commitId: string;
  submittedAt: string;
  /** The comments it was created with, as they were posted (the publish side's tests read them). */
  comments: unknown[];
}

export interface ContractPull {
  number: number;
  title: string;
  state: 'open' | 'closed';
  base: ContractSide & { repo: string };
  head: ContractSide;
  reviews: ContractReview[];
  threads: ContractThread[];
}

export interface ContractForgeState {
  owner: string;
  repo: string;
  /** The login the token belongs to: a created review is this user's. */
  login: string;
  pulls: Map<number, ContractPull>;
}

/** A refusal the server answers every request with until it is cleared (GitHub's status, headers and message). */
export interface ContractRefusal {
  status: 401 | 403 | 404 | 429 | 500 | 502;
  message: string;
  headers?: Record<string, string>;
}

export function contractPull(
  fields: Pick<ContractPull, 'number' | 'base' | 'head'> & Partial<Pick<ContractPull, 'title' | 'state' | 'threads'>>,
): ContractPull {
  return {
    title: `Pull request ${fields.number}`,
    state: 'open',
    threads: [],
    reviews: [],
    ...fields,
  };
}
