/**
 * The page's typed client for the review server (contract: @redline/core
 * api.ts). Every request carries the session secret in `X-Redline-Session`
 * (sessionCredential.ts); writes send JSON, which the server requires.
 */
import {
  API,
  type ApiResponses,
  type CheckData,
  type CheckStartBody,
  type CommitSpanData,
  type DraftData,
  type FeedbackResult,
  type FeedbackSubmission,
  type FileContentsData,
  type FreshnessData,
  type Preferences,
  type ManualPair,
  type OpenInEditorBody,
  type ProposalActBody,
  type ProposalsData,
  type PublishResult,
  type QuestionAsk,
  type RangeCommitsData,
  type ReviewSectionsData,
  type ServedReviewData,
  type RoundChangesData,
  type RoundDiffData,
  type Side,
  DRAFT_BASE_HEADER,
  SESSION_HEADER,
} from '@redline/core';
import { sessionSecret } from './sessionCredential.js';

/** An HTTP or network failure, with the server's error code when it sent one. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export interface ReviewApi {
  /** `pairRenames` (the reviewer's setting) goes as `renames=on|off`; absent, the server keeps its pairing. */
  getReview(options?: { ignoreWhitespace?: boolean; pairRenames?: boolean }): Promise<ServedReviewData>;
  /** A paged review's sections from position `from` on, about `bytes` of them (docs/design/reviewInPages.md); 409 `changed` for a diff the server no longer holds. */
  getReviewSections(fingerprint: string, from: number, bytes: number): Promise<ReviewSectionsData>;
  getFile(path: string, fingerprint: string): Promise<FileContentsData>;
  /** One side of a picture of the diff, as the bytes the server typed. */
  getImage(path: string, fingerprint: string, side: Side): Promise<Blob>;
  /** `waitSeconds`: a fresh answer waits for a change of the working tree first (Follow the agent live). */
  getFreshness(fingerprint: string, options?: { waitSeconds: number }): Promise<FreshnessData>;
  /** null when no draft is stored for this fingerprint. */
  getDraft(fingerprint: string): Promise<DraftData | null>;
  /**
   * `base`: the draft this save builds on when that is a save still on the
   * wire (the page is going away and cannot wait for it); by default the
   * last draft this page loaded or saved.
   */
  putDraft(draft: DraftData, options?: { keepalive?: boolean; base?: string }): Promise<void>;
  sendFeedback(submission: FeedbackSubmission): Promise<FeedbackResult>;
  closeReview(): Promise<void>;
  /** Which of the review's files differ now from a recorded round state. */
  getRoundChanges(fromTree: string): Promise<RoundChangesData>;
  /** The diff between two recorded states of the series (an earlier round pair). */
  getRoundDiff(fromTree: string, toTree: string): Promise<RoundDiffData>;
  /** The commits of a range or commit review, first-parent order; empty for any other review. */
  getCommits(): Promise<RangeCommitsData>;
  /** The patch of a span of the range's commits. */
  getCommitSpan(from: string, to: string): Promise<CommitSpanData>;
  /** The agent's proposals with the reviewer's answers. */
  getProposals(): Promise<ProposalsData>;
  answerProposal(act: ProposalActBody): Promise<void>;
  /** The reviewer's question to the agent (refused, 409, where no agent reads it); its answer arrives with the proposals. */
  askQuestion(ask: QuestionAsk): Promise<{ id: string }>;
  /** The reviewer's editor opens the file at the line; the answer names the editor started. */
  openInEditor(body: OpenInEditorBody): Promise<{ editor: string }>;
  /** The reviewer's pairs of a deleted and an added file, all of them (the next reading shows each as one renamed file). */
  putManualPairs(pairs: ManualPair[]): Promise<void>;
  /** The reviewer's settings, layout and name, into their preferences file (keepalive: the page is going away). */
  putPreferences(preferences: Preferences, options?: { keepalive?: boolean }): Promise<void>;
  /** The check before sending: which command, and the current run with its output from `from` on. */
  getCheck(from: number): Promise<CheckData>;
  /** Starts a check of the draft's suggestions (`command`: the offer the reviewer confirms). */
  startCheck(body: CheckStartBody): Promise<CheckData>;
  /** Cancels the running check; answers once its process group has ended and its copy is gone. */
  cancelCheck(): Promise<CheckData>;
  /** After a Send with `publish`: the round posted to the review's pull request (held by the server until the round is recorded). */
  publish(): Promise<PublishResult>;
  /**
   * A `redline compare` review's routes (404 in any other review), one call for all: the
   * comparison's chunk types them (compare/compareService.ts), so the entry carries one method.
   */
  callCompare<K extends CompareRoute>(what: K, method: 'GET' | 'PUT' | 'POST', body?: unknown, query?: Record<string, string>): Promise<ApiResponses[K]>;
}

export type CompareRoute = 'compare' | 'compareNames' | 'comparePicks' | 'compareApply' | 'compareAgainst' | 'compareNotes';

type Fetch = typeof fetch;

/** Under the 64 KiB the Fetch standard allows all of a page's keepalive bodies in flight, with room for another. */
const KEEPALIVE_MAX_BYTES = 60 * 1024;

/** The request index.html starts before the app's code has loaded. */
interface EarlyReview {
  ignoreWhitespace: boolean;
  response: Promise<Response>;
}

function takeEarlyReview(ignoreWhitespace: boolean): Promise<Response> | null {
  const holder = globalThis as { __redlineEarlyReview?: EarlyReview };
  const early = holder.__redlineEarlyReview;
  delete holder.__redlineEarlyReview;
  return early && early.ignoreWhitespace === ignoreWhitespace ? early.response : null;
}

export function createApiClient(fetchImpl: Fetch = (...args) => fetch(...args), baseUrl = ''): ReviewApi {
  async function request<K extends keyof ApiResponses>(
    what: K,
    path: string,
    init?: RequestInit,
    started?: Promise<Response> | null,
  ): Promise<ApiResponses[K]> {
    const response = await answered(what, path, init, started);
    return (await response.json()) as ApiResponses[K];
  }

  /** A successful answer, or the ApiRequestError its failure is. */
  async function answered(what: string, path: string, init?: RequestInit, started?: Promise<Response> | null): Promise<Response> {
    let response: Response;
    try {
      response = await (started ?? fetchImpl(baseUrl + path, await withSession(init)));
    } catch (error) {
      throw new ApiRequestError(`${what}: the server did not answer (${String(error)})`, 0, 'network');
    }
    if (!response.ok) throw await errorFrom(what, response);
    return response;
  }

  /**
   * The draft each fingerprint's saves build on: what this page loaded
   * (`none` when there was none), then what it saved. Sent with each save
   * (DRAFT_BASE_HEADER) so the server refuses one that would overwrite
   * another tab's save.
   */
  const draftBases = new Map<string, string>();

  const jsonInit = (method: 'PUT' | 'POST', body: unknown, keepalive = false, headers: Record<string, string> = {}): RequestInit => {
    const text = JSON.stringify(body);
    // A keepalive request whose body is over 64 KiB is refused outright (the
    // Fetch standard's limit): a large draft goes as an ordinary request.
    return { method, headers: { 'Content-Type': 'application/json', ...headers }, body: text, keepalive: keepalive && new TextEncoder().encode(text).length < KEEPALIVE_MAX_BYTES };
  };

  return {
    getReview: (options) => {
      const ignoreWhitespace = options?.ignoreWhitespace ?? false;
      const query = new URLSearchParams(ignoreWhitespace ? { whitespace: 'ignore' } : {});
      if (options?.pairRenames !== undefined) query.set('renames', options.pairRenames ? 'on' : 'off');
      const path = query.size > 0 ? `${API.review}?${query}` : API.review;
      return request('review', path, undefined, baseUrl === '' ? takeEarlyReview(ignoreWhitespace) : null);
    },
    getReviewSections: (fingerprint, from, bytes) => request('reviewSections', `${API.reviewSections}?${new URLSearchParams({ fingerprint, from: String(from), bytes: String(bytes) })}`),
    getRoundChanges: (from) => request('roundChanges', `${API.roundChanges}?${new URLSearchParams({ from })}`),
    getRoundDiff: (from, to) => request('roundDiff', `${API.roundDiff}?${new URLSearchParams({ from, to })}`),
    getCommits: () => request('commits', API.commits),
    getCommitSpan: (from, to) => request('commitSpan', `${API.commitSpan}?${new URLSearchParams({ from, to })}`),
    getFile: (path, fingerprint) =>
      request('file', `${API.file}?${new URLSearchParams({ path, fingerprint })}`),
    getImage: async (path, fingerprint, side) => (await answered('image', `${API.image}?${new URLSearchParams({ path, fingerprint, side })}`)).blob(),
    getFreshness: (fingerprint, options) =>
      request('freshness', `${API.freshness}?${new URLSearchParams({ fingerprint, ...(options ? { wait: String(options.waitSeconds) } : {}) })}`),
    async getDraft(fingerprint) {
      try {
        const draft = await request('draft', `${API.draft}?${new URLSearchParams({ fingerprint })}`);
        draftBases.set(fingerprint, draft.updatedAt);
        return draft;
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) {
          draftBases.set(fingerprint, 'none');
          return null;
        }
        throw error;
      }
    },
    async putDraft(draft, options) {
      const base = options?.base ?? draftBases.get(draft.fingerprint);
      await request('draft', API.draft, jsonInit('PUT', draft, options?.keepalive, base === undefined ? {} : { [DRAFT_BASE_HEADER]: base }));
      // Two saves may answer out of order (one sent while the other was on the wire): the later draft is the base.
      const known = draftBases.get(draft.fingerprint);
      if (known === undefined || known === 'none' || draft.updatedAt > known) draftBases.set(draft.fingerprint, draft.updatedAt);
    },
    sendFeedback: (submission) => request('feedback', API.feedback, jsonInit('POST', submission)),
    async closeReview() {
      await request('close', API.close, jsonInit('POST', {}));
    },
    getProposals: () => request('proposals', API.proposals),
    async answerProposal(act) {
      await request('proposalAnswer', API.proposalAnswer, jsonInit('POST', act));
    },
    askQuestion: (ask) => request('questions', API.questions, jsonInit('POST', ask)),
    openInEditor: (body) => request('openInEditor', API.openInEditor, jsonInit('POST', body)),
    async putManualPairs(pairs) {
      await request('manualPairs', API.manualPairs, jsonInit('PUT', { pairs }));
    },
    async putPreferences(preferences, options) {
      await request('preferences', API.preferences, jsonInit('PUT', preferences, options?.keepalive));
    },
    getCheck: (from) => request('check', `${API.check}?${new URLSearchParams({ from: String(from) })}`),
    startCheck: (body) => request('check', API.check, jsonInit('POST', body)),
    // No body: the route reads none.
    cancelCheck: () => request('check', API.check, { method: 'DELETE' }),
    publish: () => request('publish', API.publish, jsonInit('POST', {})),
    callCompare: (what, method, body, query) => request(what, query ? `${API[what]}?${new URLSearchParams(query)}` : API[what], method === 'GET' ? undefined : jsonInit(method, body ?? {})),
  };
}

async function withSession(init: RequestInit = {}): Promise<RequestInit> {
  const secret = await sessionSecret();
  const headers = new Headers(init.headers);
  if (secret !== null) headers.set(SESSION_HEADER, secret);
  return { ...init, headers, credentials: 'omit' };
}

async function errorFrom(what: string, response: Response): Promise<ApiRequestError> {
  let code = `http-${response.status}`;
  let message = `${what}: HTTP ${response.status}`;
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code === 'string') code = body.error.code;
    if (typeof body.error?.message === 'string') message = `${what}: ${body.error.message}`;
  } catch {
    // Not JSON: keep the status line.
  }
  return new ApiRequestError(message, response.status, code);
}
