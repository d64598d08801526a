/**
 * An in-memory review server for DOM and controller tests: the same
 * contract as the real one (ReviewApi), with the feedback rendered by the
 * same core function the CLI uses, and every call recorded.
 */
import { buildFeedbackReview, renderFeedbackMarkdown, sha256Hex, type CheckData, type CompareData, type VariantNotes, type DraftData, type FeedbackSubmission, type FileContentsData, type Preferences, type ProposalState, type PublishResult, type Question, type QuestionAsk, type QuestionAsking, type RangeCommit, type ReviewData, type Tour } from '@redline/core';
import { ApiRequestError, type ReviewApi } from '../api/apiClient.js';

export interface MemoryApi extends ReviewApi {
  calls: string[];
  drafts: Map<string, DraftData>;
  sent: FeedbackSubmission[];
  closed: boolean;
  /** The review GET /api/review answers (replace it to simulate a change on disk). */
  review: ReviewData;
  /** path -> [old, new] contents (null: that side does not exist). */
  contents: Map<string, [string | null, string | null]>;
  fresh: boolean;
  /** What GET /api/round-changes answers: the changed paths, or null for a state that cannot be read (404). */
  roundChanges: string[] | null;
  /** What GET /api/round-diff answers, by `from-to` trees (absent: 404). */
  roundDiffs: Map<string, string>;
  /** What GET /api/proposals answers; answers change it as the server would. */
  proposals: ProposalState[];
  /** The tour GET /api/proposals answers with the proposals. */
  tour: Tour | null;
  /** The reviewer's questions GET /api/proposals answers; asking adds to them, as the server would. */
  questions: Question[];
  /** Whether asking is open (as under `redline start`) or refused with a reason (plain `redline`, the default). */
  asking: QuestionAsking;
  /** What GET /api/commits answers. */
  commits: RangeCommit[];
  /** What GET /api/commit-span answers, by `from..to` (absent: 404, a commit outside the range). */
  commitSpans: Map<string, string>;
  /** Every PUT /api/preferences, in order (keepalive said). */
  preferencesPut: { preferences: Preferences; keepalive: boolean }[];
  /** What GET /api/check answers (a start and a cancel answer it too, after recording the call). */
  check: CheckData;
  /** What POST /api/publish answers: a result, or an error it throws (as a 403 or a network failure would). */
  publishAnswer: PublishResult | ApiRequestError;
  /** A `redline compare` review's data (picks, names and notes PUT change it, as the server would); null: 404, a plain review. */
  compare: CompareData | null;
}

/** The recorded calls and the answers a test may change, as a fresh API starts with them. */
const MEMORY_START = () => ({
  calls: [] as string[],
  preferencesPut: [] as MemoryApi['preferencesPut'],
  check: { command: { kind: 'configured', command: 'npm test', from: 'package.json' }, run: null } as CheckData,
  publishAnswer: { kind: 'published', url: 'https://github.com/o/r/pull/1#pullrequestreview-1' } as PublishResult | ApiRequestError,
  drafts: new Map<string, DraftData>(),
  sent: [] as FeedbackSubmission[],
  closed: false,
  compare: null as CompareData | null,
});

export function createMemoryApi(review: ReviewData, contents: Record<string, [string | null, string | null]> = {}): MemoryApi {
  const api: MemoryApi = {
    ...MEMORY_START(),
    review,
    contents: new Map(Object.entries(contents)),
    fresh: true,
    roundChanges: [],
    roundDiffs: new Map(),
    async getRoundDiff(from, to) {
      api.calls.push(`round-diff ${from.slice(0, 4)}-${to.slice(0, 4)}`);
      const patch = api.roundDiffs.get(`${from}-${to}`);
      if (patch === undefined) throw new ApiRequestError('roundDiff: not recorded states of the series', 404, 'not-found');
      return { from, to, patch };
    },
    async getRoundChanges(from) {
      api.calls.push('round-changes');
      if (api.roundChanges === null) throw new ApiRequestError('roundChanges: not a recorded state', 404, 'not-found');
      return { from, changedPaths: [...api.roundChanges] };
    },
    proposals: [],
    tour: null,
    questions: [],
    asking: { kind: 'unavailable', why: 'the in-memory server has no agent' },
    commits: [],
    commitSpans: new Map(),
    async getCommits() {
      api.calls.push('commits');
      return { commits: structuredClone(api.commits) };
    },
    async getCommitSpan(from, to) {
      api.calls.push(`commit-span ${from.slice(0, 4)}..${to.slice(0, 4)}`);
      const patch = api.commitSpans.get(`${from}..${to}`);
      if (patch === undefined) throw new ApiRequestError('commitSpan: not commits of the range', 404, 'not-found');
      return { from, to, patch };
    },
    async getReview(options) {
      api.calls.push(`review${options?.ignoreWhitespace ? '?whitespace=ignore' : ''}`);
      return structuredClone(api.review);
    },
    // The in-memory review is always whole: no sections to page.
    getReviewSections: async (fingerprint) => ({ fingerprint, sections: [], next: null }),
    async getFile(path, fingerprint): Promise<FileContentsData> {
      api.calls.push(`file ${path}`);
      const entry = api.contents.get(path);
      if (!entry) throw new ApiRequestError(`file: ${path} is not a file of this diff`, 404, 'not-in-diff');
      if (fingerprint !== api.review.fingerprint) throw new ApiRequestError('file: the diff changed', 409, 'changed');
      const side = (text: string | null) => (text === null ? null : { contents: text, sha256: sha256Hex(text) });
      return { path, old: side(entry[0]), new: side(entry[1]) };
    },
    async getImage(path, _fingerprint, side) {
      api.calls.push(`image ${side} ${path}`);
      throw new ApiRequestError(`image: no pictures in memory (${path})`, 404, 'not-in-diff');
    },
    async getFreshness(fingerprint) {
      api.calls.push('freshness');
      return { fresh: api.fresh && fingerprint === api.review.fingerprint, fingerprint: api.review.fingerprint };
    },
    async getDraft(fingerprint) {
      api.calls.push('draft get');
      return api.drafts.get(fingerprint) ?? null;
    },
    async putDraft(draft) {
      api.calls.push('draft put');
      api.drafts.set(draft.fingerprint, structuredClone(draft));
    },
    async sendFeedback(submission) {
      api.calls.push('feedback');
      api.sent.push(submission);
      const output = renderFeedbackMarkdown(buildFeedbackReview(api.review, submission, api.proposals));
      return { ok: true, output, format: 'markdown' };
    },
    async closeReview() {
      api.calls.push('close');
      api.closed = true;
    },
    async putPreferences(preferences, options) {
      api.calls.push('preferences');
      api.preferencesPut.push({ preferences: structuredClone(preferences), keepalive: options?.keepalive ?? false });
    },
    async getProposals() {
      api.calls.push('proposals');
      return { proposals: structuredClone(api.proposals), tour: structuredClone(api.tour), questions: structuredClone(api.questions), asking: structuredClone(api.asking) };
    },
    askQuestion: async (ask) => askInMemory(api, ask),
    ...checkInMemory(() => api),
    ...reviewerActsInMemory(() => api),
    ...compareInMemory(() => api),
    async answerProposal(act) {
      api.calls.push(`proposal ${act.act} ${act.id}`);
      const state = api.proposals.find((p) => p.proposal.id === act.id);
      if (!state) throw new ApiRequestError('proposalAnswer: no such proposal', 404, 'not-found');
      if (act.act === 'reply') state.replies.push(act.text);
      else if (act.act === 'reject') state.answer = { kind: 'rejected' };
      else if (act.act === 'accept' && state.outdated) throw new ApiRequestError('proposalAnswer: outdated', 409, 'changed');
      else state.answer = { kind: act.act === 'accept' ? 'accepted' : 'edited', annotationId: act.annotationId };
    },
  };
  return api;
}

/** POST /api/questions as the server answers it: refused where asking is unavailable, else kept unanswered and not picked up. */
function askInMemory(api: MemoryApi, ask: QuestionAsk): { id: string } {
  api.calls.push(`question ${ask.anchor.scope}`);
  if (api.asking.kind === 'unavailable') throw new ApiRequestError(`questions: the agent cannot be asked in this review: ${api.asking.why}`, 409, 'asking-unavailable');
  const id = sha256Hex(`${JSON.stringify(ask)}\u001f${api.questions.length}`).slice(0, 10);
  api.questions.push({ id, anchor: ask.anchor, text: ask.text, quoted: null, askedAt: new Date().toISOString(), pickedUpAt: null, answer: null });
  return { id };
}

/** The check's routes as the in-memory server answers them: what `api.check` holds, each call recorded. */
function checkInMemory(memory: () => MemoryApi): Pick<ReviewApi, 'getCheck' | 'startCheck' | 'cancelCheck'> {
  const answer = (call: string) => {
    memory().calls.push(call);
    return Promise.resolve(structuredClone(memory().check));
  };
  return {
    getCheck: (from) => answer(`check from ${from}`),
    startCheck: (body) => answer(`check start${body.command === undefined ? '' : ` ${body.command}`}`),
    cancelCheck: () => answer('check cancel'),
  };
}

/** A compare review's routes over `api.compare` (picks, names and notes PUT change it), each call recorded; 404 while it is null (a plain review). */
function compareInMemory(memory: () => MemoryApi): Pick<ReviewApi, 'callCompare'> {
  return {
    async callCompare(what, method, body, query) {
      memory().calls.push(`${method} ${what}${query ? ` ${Object.values(query).join(' ')}` : ''}`);
      const data = memory().compare;
      if (data === null) throw new ApiRequestError('this review compares no variants', 404, 'not-found');
      const sent = structuredClone(body) as { names?: Record<string, string>; picks?: CompareData['picks']; variant?: string; notes?: VariantNotes };
      if (what === 'compareNames') for (const [id, name] of Object.entries(sent.names!)) data.variants.find((v) => v.id === id)!.name = name;
      if (what === 'comparePicks') data.picks = sent.picks!;
      if (what === 'compareNotes') data.variants.find((v) => v.id === sent.variant)!.notes = sent.notes!;
      const answers = { compare: () => structuredClone(data), compareApply: () => ({ target: data.target?.path ?? '', change: null, written: [] }), compareAgainst: () => ({ patch: '' }) };
      return ((answers as Record<string, () => unknown>)[what] ?? (() => ({ ok: true })))() as never;
    },
  };
}

/** Open in editor, publishing and the reviewer's pairs, each call recorded. */
function reviewerActsInMemory(memory: () => MemoryApi): Pick<ReviewApi, 'openInEditor' | 'publish' | 'putManualPairs'> {
  return {
    openInEditor: async (body) => (memory().calls.push(`open ${body.path}:${body.line ?? 'top'}`), { editor: 'memory-editor' }),
    putManualPairs: async (pairs) => void memory().calls.push(`pairs ${pairs.map((pair) => `${pair.from}→${pair.to}`).join(' ')}`),
    publish: () => memoryPublish(memory()),
  };
}

/** POST /api/publish: what the test set as its answer (a result, or the error it throws). */
async function memoryPublish(api: MemoryApi): Promise<PublishResult> {
  api.calls.push('publish');
  if (api.publishAnswer instanceof ApiRequestError) throw api.publishAnswer;
  return api.publishAnswer;
}
